
use builtin;
use str;

set edit:completion:arg-completer[crib] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'crib'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'crib'= {
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand score 'Score a hand or crib: four cards, then the starter'
            cand peg 'Score the play: cards in the order played, ''go'' where a player passes'
            cand play 'Advise the play: what each card you can play next is worth to the end of the deal'
            cand deal 'Count a whole deal on the board, to 121 or 61, in the rules'' counting order'
            cand odds 'The chance of winning the game from any position on the board'
            cand check 'Verify the rulebooks'' printed tables and claims, or a table of your own'
            cand stats 'Exact statistics over every possible hand, or over one hand''s starters'
            cand discard 'Advise which cards to throw to the crib, by exact expected points'
            cand game 'Play a game (or a match) against crib''s players in the terminal'
            cand review 'Grade every decision of a logged game, or of one deal'
            cand train 'Practise: count, throw, play, and your own mistakes, each answer graded and explained'
            cand serve 'Serve the board to a browser on this machine: play, review, practise, history'
            cand verify 'Check a game''s log against its seed: the deals, the commitment, every count'
            cand match 'Play crib''s levels and engine programs against each other in duplicate games'
            cand engine 'Answer crib''s engine protocol as one of crib''s levels, for any arena'
            cand schema 'Print the JSON Schema of one of crib''s JSON outputs, or list them'
            cand completions 'Print a shell completion script for bash, zsh, fish, elvish or powershell'
            cand help 'Print the help of crib or of one of its subcommands'
            cand man 'Print a manual page (roff): crib''s, or one subcommand''s'
        }
        &'crib;score'= {
            cand -s 'The starter, when only four cards are given'
            cand --starter 'The starter, when only four cards are given'
            cand --claim 'A player''s claimed count: says whether it is right and how many points were overlooked (muggins) or over-claimed'
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --crib 'Score a crib: a flush counts only when all five cards share a suit'
            cand --total 'Print only the total: a number per hand (JSON: {"line": N, "total": T} in batch mode)'
            cand --say 'Say the count as it is said at the table, in words with the running total: fifteens, then pairs, runs, the flush and nobs ("fifteen two, fifteen four and a pair is six")'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;peg'= {
            cand -p 'How many players: 2, 3 (dealer last) or 4 (partners opposite)'
            cand --players 'How many players: 2, 3 (dealer last) or 4 (partners opposite)'
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;play'= {
            cand --hand 'Your four cards for the play'
            cand --seat 'Your seat in the order of play: 1 leads, the dealer is the last'
            cand --starter 'The starter, if you know it'
            cand --thrown 'The cards you threw to the crib'
            cand --opponent 'How the others'' hidden cards are weighted: every set of unseen cards alike (uniform), by how likely crib''s players are to keep the hand they make (expert), and also by how they have played (reading)'
            cand --players 'How many players: 2, 3, or 4 (two partnerships)'
            cand --scores 'The scores on the board now (the play so far counted): yours first, ME-OPP; with three players each one''s in seat order (A-B-C, seat 1 first, the dealer last); with four each partnership''s, seats 1 and 3 first. Each card is then also valued by your chance (your side''s) of winning the game (needs --starter)'
            cand --game 'With --scores, the game hole: 121, or 61 for the short game'
            cand --match-need 'With --scores, two players, in a match: the games you and the opponent still need to win it, yours first (ME-OPP, each 1 or more), a skunk counting two. Each card is then valued by your chance of winning the match'
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --dealer 'You deal: you play last (the last seat)'
            cand --pone 'You sit on the dealer''s left and lead (seat 1)'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;deal'= {
            cand --players 'How many players: 2, 3, or 4 (two partnerships)'
            cand --game 'The game hole: 121, or 61 for the short game'
            cand -p 'The pone''s four cards kept, or the six dealt with --pone-throw (two players)'
            cand --pone 'The pone''s four cards kept, or the six dealt with --pone-throw (two players)'
            cand -d 'The dealer''s four cards kept, or the six dealt with --dealer-throw (two players)'
            cand --dealer 'The dealer''s four cards kept, or the six dealt with --dealer-throw (two players)'
            cand --pone-throw 'The two cards the pone threw to the crib'
            cand --dealer-throw 'The two cards the dealer threw to the crib'
            cand --hand 'A seat''s four cards kept, or the five dealt (three or four players; once a seat, in the order of play, the dealer last)'
            cand --throws 'Each seat''s card thrown to the crib, in the order of play (three or four players)'
            cand --crib-card 'The card dealt to the crib (three players)'
            cand -c 'The crib''s four cards (instead of the throws)'
            cand --crib 'The crib''s four cards (instead of the throws)'
            cand -s 'The starter'
            cand --starter 'The starter'
            cand --scores 'The scores before the deal: two players by seat (dealer=110,pone=115); three, each player''s in seat order (10-20-30); four, each side''s, seats 1 and 3 first [default: 0s]'
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;odds'= {
            cand --game 'The game hole: 121, or 61 for the short game (two players: the last 61 holes of 121)'
            cand --match-need 'In a match of two players, the games you and the opponent still need to win it, as ME-OPP (for example 2-1): also your chance of winning the match, a skunk counting two games'
            cand --svg 'With --table, also write the map as an SVG image to this file (every position, and the line where the dealer''s chance crosses 50%); ''-'' writes only the image, to standard output'
            cand --players 'How many players: 2, 3 (three scores, in seat order: seat 1 leads, the dealer last), or 4 (two partnerships: your side''s score and the other''s)'
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --dealer 'You are about to deal'
            cand --pone 'The opponent is about to deal'
            cand --table 'Draw the dealer''s chance over the whole board instead'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;check'= {
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --crib 'Read the rows of FILE as cribs (a flush needs all five cards)'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;stats'= {
            cand --need 'Also give the chance of scoring at least N (0 to 29)'
            cand --logs 'Your history over the logs of your games: files, or directories of *.jsonl logs [default, --logs alone: the games crib game kept, in $XDG_DATA_HOME/crib/games]'
            cand --player 'With --logs, the player whose history it is, by name [default: the first of each log: you]'
            cand --plot 'With --logs, draw the accuracy game by game as an SVG chart in FILE'
            cand --cache 'With --logs, where each log''s grades are kept [default: $XDG_CACHE_HOME/crib/grades]'
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --crib 'Use crib rules: a flush needs all five cards'
            cand --no-board 'With --logs, grade in expected points only, not the chance of winning'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;discard'= {
            cand --seat 'Your seat with three or four players, in the order of play: 1 on the dealer''s left (who leads), the dealer last. It says whose crib it is, and it is the seat the play is valued in [default: the first seat of the role given]'
            cand --crib-model 'How the crib''s unknown cards are modelled [default: expert]'
            cand --need 'Also give, for each choice, the chance that the hand alone scores at least N (0 to 29)'
            cand --play-model 'How the play is counted [default: engine]'
            cand --scores 'The scores before the deal: two players yours first (ME-OPP); three each player''s in seat order (A-B-C); four each partnership''s, seats 1 and 3 first (US-THEM). The choices are then ranked by your chance (your side''s) of winning the game'
            cand --game 'With --scores, the game hole: 121, or 61 for the short game'
            cand --match-need 'With --scores, two players, in a match: the games you and the opponent still need to win it, yours first (ME-OPP, each 1 or more), a skunk counting two. The choices are then ranked by your chance of winning the match'
            cand --top 'Show only the best K choices (1 or more)'
            cand --players 'How many players: 2 (throw two), 3 or 4 (throw one)'
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --dealer 'You deal: the crib is yours'
            cand --partner-deals 'Your partner deals (four players): the crib is your side''s'
            cand --pone 'An opponent deals: the crib counts against you'
            cand --table 'Print the table of expected crib points of every throw instead: with --dealer or --pone (or --seat N with three or four players), that seat''s expert table only'
            cand --play-table 'Print the pegging table instead: the points each hand of four ranks pegs, and the opponent against it, as pone and as dealer (with --dealer or --pone, that seat only). Give up to four ranks to show only the hands that hold them: --play-table 5 5'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;game'= {
            cand --game 'The game hole: 121, or 61 for the short game'
            cand --games 'Games to win the match (a skunk counts two)'
            cand --seed 'The seed of the shuffles: the same seed deals the same cards [default: from the clock]'
            cand --you 'Your name on the board and in the log'
            cand --opponent 'How crib''s players play: one of crib''s levels (the same in crib match and crib engine), from random and greedy (for beginners) through novice, casual and club (which err as people do) to expert (crib''s points player) and strongest (crib''s best: the board and what you have shown). [Elo N] is a level''s rating on crib''s ladder of every level, two players (docs/engine.md; their mean 0)'
            cand --log 'Write the game to FILE, one deal a line: a new file, or an empty one [default: a new file in $XDG_DATA_HOME/crib/games]'
            cand --resume 'Carry on the game logged in FILE (and log to it)'
            cand --players 'How many players: 2, 3, or 4 (you and crib''s player opposite you against the other two)'
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --muggins 'Count your own hand and crib: crib takes the points you overlook'
            cand --no-log 'Keep no log of the game'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;review'= {
            cand --player 'In a game''s log, the player to grade, by name [default: you, the log''s player]'
            cand --seat 'In deals that are not from a game''s log, the seat to grade: 1 leads, the dealer is last'
            cand --plot 'Draw the chance of winning deal by deal, with the mistakes marked, as an SVG chart in FILE (a game''s log only)'
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --no-board 'Grade in expected points only, leaving out the chance of winning (about a second for each two-player throw that differs from crib''s)'
            cand --step 'After the summary, step through the deals (a game''s log): n or Enter the next, p the one before, a deal''s number, q to leave [default: on a terminal]'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;train'= {
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand count 'Count hands and cribs yourself: crib says every item you missed, in players'' words'
            cand discard 'Throw to the crib: graded in points and in the chance of winning, the difference found in the hand, the crib or the play'
            cand play 'Play a card in the play, at moments of real deals: graded, with the reasons'
            cand mistakes 'Your own costliest decisions from your games'' logs, brought back until learned'
        }
        &'crib;train;count'= {
            cand --seed 'The seed: the same seed asks the same drills [default: drawn, and shown]'
            cand --rounds 'How many to ask'
            cand --focus 'What to dwell on'
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;train;discard'= {
            cand --seed 'The seed: the same seed asks the same drills [default: drawn, and shown]'
            cand --rounds 'How many to ask'
            cand --game 'The game hole: 121, or 61 for the short game'
            cand --players 'How many players: 2, 3 or 4'
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --board 'Deal late in a game, where the board changes the throw'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;train;play'= {
            cand --seed 'The seed: the same seed asks the same drills [default: drawn, and shown]'
            cand --rounds 'How many to ask'
            cand --game 'The game hole: 121, or 61 for the short game'
            cand --players 'How many players: 2, 3 or 4'
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;train;mistakes'= {
            cand --logs 'The logs of your games: files, or directories of *.jsonl logs [default: the games crib game kept, in $XDG_DATA_HOME/crib/games]'
            cand --player 'The player whose mistakes they are, by name [default: the first of each log: you]'
            cand --state 'The state file [default: $XDG_DATA_HOME/crib/train.json]'
            cand --today 'The day it is, YYYY-MM-DD [default: today, UTC]'
            cand --cache 'Where the logs'' grades are kept, shared with crib stats --logs [default: $XDG_CACHE_HOME/crib/grades]'
            cand --rounds 'How many to ask at most'
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;serve'= {
            cand --port 'The port to listen on [default: a free port]'
            cand --bind 'Listen on this address rather than 127.0.0.1 (with a warning: others can reach it)'
            cand --max-games 'The most games and drills under way at once'
            cand --idle 'Close a game or drill the page has left for this many minutes (a game''s log is kept)'
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --open 'Open the address in the browser'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;verify'= {
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;match'= {
            cand --engine 'A program that speaks crib''s engine protocol: NAME=''COMMAND'' (the shell runs it)'
            cand --players 'How many play: 2, 3, or 4 (two partnerships) [default: as many as are named]'
            cand --game 'The game hole: 121, or 61 for the short game'
            cand --games 'Games to play, in whole groups of duplicate games [default: 100; with --sprt, at most 20,000]'
            cand --sprt 'Stop when a sequential probability ratio test decides between ELO0 and ELO1 (two sides only)'
            cand --seed 'The seed of the decks: the same seed deals the same games [default: from the clock]'
            cand --workers 'Games played at once [default: the cores]'
            cand --timeout 'Seconds a program may take over a decision before it forfeits the game'
            cand --log 'Write each game to DIR/game-NNNNN.jsonl in crib game''s log format (crib deal - recounts it, crib review grades it)'
            cand --part 'Play only the K-th of N parts of the match (whole groups of duplicate games, numbered as in the whole match), to spread a match over machines (docs/cluster.md)'
            cand --records 'Write each game''s record to FILE, a line of JSON each (`-`: standard output, instead of the summary): what --from-records reads'
            cand --from-records 'Play nothing: summarise the games recorded in the FILEs (by --records, the parts of one match), exactly as the whole match would have been summarised'
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --round-robin 'Play every pair of the players named, each pair --games games on the same decks, and rate them all on one Elo scale (two players a game, or four as partnerships)'
            cand --debug 'Show every program''s traffic on standard error as it happens, one line each, under the program''s name: `NAME < request`, `NAME > answer`, and `NAME ! line` for what the program writes to its own standard error'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;engine'= {
            cand --level 'The level that answers'
            cand --without 'With --level strongest: play without this part, to measure what it adds (board: play for points, never for the game; reading: weigh the other player''s hands by what players keep, not by how they have played, with two players (strongest reads no play of three or four, so there it changes nothing); discard: throw by the plain heuristic, the hand over the starters plus or minus a crib of random cards, the play left out; answer: answer the lead as dealer with two players by the engine''s search, not by rollouts). Repeat for more than one'
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;schema'= {
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;completions'= {
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;help'= {
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crib;man'= {
            cand --color 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured'
            cand --json 'Print JSON instead of tables: one object per result, on one line'
            cand --ascii 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
    ]
    $completions[$command]
}
