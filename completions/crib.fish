# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_crib_global_optspecs
    string join \n json color= ascii h/help V/version
end

function __fish_crib_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_crib_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_crib_using_subcommand
    set -l cmd (__fish_crib_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c crib -n "__fish_crib_needs_command" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_needs_command" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_needs_command" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_needs_command" -s V -l version -d 'Print version'
complete -c crib -n "__fish_crib_needs_command" -f -a "score" -d 'Score a hand or crib: four cards, then the starter'
complete -c crib -n "__fish_crib_needs_command" -f -a "peg" -d 'Score the play: cards in the order played, \'go\' where a player passes'
complete -c crib -n "__fish_crib_needs_command" -f -a "play" -d 'Advise the play: what each card you can play next is worth to the end of the deal'
complete -c crib -n "__fish_crib_needs_command" -f -a "deal" -d 'Count a whole deal on the board, to 121 or 61, in the rules\' counting order'
complete -c crib -n "__fish_crib_needs_command" -f -a "odds" -d 'The chance of winning the game from any position on the board'
complete -c crib -n "__fish_crib_needs_command" -f -a "check" -d 'Verify the rulebooks\' printed tables and claims, or a table of your own'
complete -c crib -n "__fish_crib_needs_command" -f -a "stats" -d 'Exact statistics over every possible hand, or over one hand\'s starters'
complete -c crib -n "__fish_crib_needs_command" -f -a "discard" -d 'Advise which cards to throw to the crib, by exact expected points'
complete -c crib -n "__fish_crib_needs_command" -f -a "game" -d 'Play a game (or a match) against crib\'s players in the terminal'
complete -c crib -n "__fish_crib_needs_command" -f -a "review" -d 'Grade every decision of a logged game, or of one deal'
complete -c crib -n "__fish_crib_needs_command" -f -a "train" -d 'Practise: count, throw, play, and your own mistakes, each answer graded and explained'
complete -c crib -n "__fish_crib_needs_command" -f -a "serve" -d 'Serve the board to a browser on this machine: play, review, practise, history'
complete -c crib -n "__fish_crib_needs_command" -f -a "verify" -d 'Check a game\'s log against its seed: the deals, the commitment, every count'
complete -c crib -n "__fish_crib_needs_command" -f -a "match" -d 'Play crib\'s levels and engine programs against each other in duplicate games'
complete -c crib -n "__fish_crib_needs_command" -f -a "engine" -d 'Answer crib\'s engine protocol as one of crib\'s levels, for any arena'
complete -c crib -n "__fish_crib_needs_command" -f -a "schema" -d 'Print the JSON Schema of one of crib\'s JSON outputs, or list them'
complete -c crib -n "__fish_crib_needs_command" -f -a "completions" -d 'Print a shell completion script for bash, zsh, fish, elvish or powershell'
complete -c crib -n "__fish_crib_needs_command" -f -a "help" -d 'Print the help of crib or of one of its subcommands'
complete -c crib -n "__fish_crib_needs_command" -f -a "man" -d 'Print a manual page (roff): crib\'s, or one subcommand\'s'
complete -c crib -n "__fish_crib_using_subcommand score" -s s -l starter -d 'The starter, when only four cards are given' -r
complete -c crib -n "__fish_crib_using_subcommand score" -l claim -d 'A player\'s claimed count: says whether it is right and how many points were overlooked (muggins) or over-claimed' -r
complete -c crib -n "__fish_crib_using_subcommand score" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand score" -l crib -d 'Score a crib: a flush counts only when all five cards share a suit'
complete -c crib -n "__fish_crib_using_subcommand score" -l total -d 'Print only the total: a number per hand (JSON: {"line": N, "total": T} in batch mode)'
complete -c crib -n "__fish_crib_using_subcommand score" -l say -d 'Say the count as it is said at the table, in words with the running total: fifteens, then pairs, runs, the flush and nobs ("fifteen two, fifteen four and a pair is six")'
complete -c crib -n "__fish_crib_using_subcommand score" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand score" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand score" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand peg" -s p -l players -d 'How many players: 2, 3 (dealer last) or 4 (partners opposite)' -r
complete -c crib -n "__fish_crib_using_subcommand peg" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand peg" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand peg" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand peg" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand play" -l hand -d 'Your four cards for the play' -r
complete -c crib -n "__fish_crib_using_subcommand play" -l seat -d 'Your seat in the order of play: 1 leads, the dealer is the last' -r
complete -c crib -n "__fish_crib_using_subcommand play" -l starter -d 'The starter, if you know it' -r
complete -c crib -n "__fish_crib_using_subcommand play" -l thrown -d 'The cards you threw to the crib' -r
complete -c crib -n "__fish_crib_using_subcommand play" -l opponent -d 'How the others\' hidden cards are weighted: every set of unseen cards alike (uniform), by how likely crib\'s players are to keep the hand they make (expert), and also by how they have played (reading)' -r -f -a "uniform\t'Every set of unseen cards equally likely'
expert\t'Weighted by how likely crib\'s players are to keep the hand'
reading\t'As expert, and by how likely crib\'s players are to have played as the opponent did'"
complete -c crib -n "__fish_crib_using_subcommand play" -l players -d 'How many players: 2, 3, or 4 (two partnerships)' -r
complete -c crib -n "__fish_crib_using_subcommand play" -l scores -d 'The scores on the board now (the play so far counted): yours first, ME-OPP; with three players each one\'s in seat order (A-B-C, seat 1 first, the dealer last); with four each partnership\'s, seats 1 and 3 first. Each card is then also valued by your chance (your side\'s) of winning the game (needs --starter)' -r
complete -c crib -n "__fish_crib_using_subcommand play" -l game -d 'With --scores, the game hole: 121, or 61 for the short game' -r
complete -c crib -n "__fish_crib_using_subcommand play" -l match-need -d 'With --scores, two players, in a match: the games you and the opponent still need to win it, yours first (ME-OPP, each 1 or more), a skunk counting two. Each card is then valued by your chance of winning the match' -r
complete -c crib -n "__fish_crib_using_subcommand play" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand play" -l dealer -d 'You deal: you play last (the last seat)'
complete -c crib -n "__fish_crib_using_subcommand play" -l pone -d 'You sit on the dealer\'s left and lead (seat 1)'
complete -c crib -n "__fish_crib_using_subcommand play" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand play" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand play" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand deal" -l players -d 'How many players: 2, 3, or 4 (two partnerships)' -r
complete -c crib -n "__fish_crib_using_subcommand deal" -l game -d 'The game hole: 121, or 61 for the short game' -r
complete -c crib -n "__fish_crib_using_subcommand deal" -s p -l pone -d 'The pone\'s four cards kept, or the six dealt with --pone-throw (two players)' -r
complete -c crib -n "__fish_crib_using_subcommand deal" -s d -l dealer -d 'The dealer\'s four cards kept, or the six dealt with --dealer-throw (two players)' -r
complete -c crib -n "__fish_crib_using_subcommand deal" -l pone-throw -d 'The two cards the pone threw to the crib' -r
complete -c crib -n "__fish_crib_using_subcommand deal" -l dealer-throw -d 'The two cards the dealer threw to the crib' -r
complete -c crib -n "__fish_crib_using_subcommand deal" -l hand -d 'A seat\'s four cards kept, or the five dealt (three or four players; once a seat, in the order of play, the dealer last)' -r
complete -c crib -n "__fish_crib_using_subcommand deal" -l throws -d 'Each seat\'s card thrown to the crib, in the order of play (three or four players)' -r
complete -c crib -n "__fish_crib_using_subcommand deal" -l crib-card -d 'The card dealt to the crib (three players)' -r
complete -c crib -n "__fish_crib_using_subcommand deal" -s c -l crib -d 'The crib\'s four cards (instead of the throws)' -r
complete -c crib -n "__fish_crib_using_subcommand deal" -s s -l starter -d 'The starter' -r
complete -c crib -n "__fish_crib_using_subcommand deal" -l scores -d 'The scores before the deal: two players by seat (dealer=110,pone=115); three, each player\'s in seat order (10-20-30); four, each side\'s, seats 1 and 3 first [default: 0s]' -r
complete -c crib -n "__fish_crib_using_subcommand deal" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand deal" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand deal" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand deal" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand odds" -l game -d 'The game hole: 121, or 61 for the short game (two players: the last 61 holes of 121)' -r
complete -c crib -n "__fish_crib_using_subcommand odds" -l match-need -d 'In a match of two players, the games you and the opponent still need to win it, as ME-OPP (for example 2-1): also your chance of winning the match, a skunk counting two games' -r
complete -c crib -n "__fish_crib_using_subcommand odds" -l svg -d 'With --table, also write the map as an SVG image to this file (every position, and the line where the dealer\'s chance crosses 50%); \'-\' writes only the image, to standard output' -r -F
complete -c crib -n "__fish_crib_using_subcommand odds" -l players -d 'How many players: 2, 3 (three scores, in seat order: seat 1 leads, the dealer last), or 4 (two partnerships: your side\'s score and the other\'s)' -r
complete -c crib -n "__fish_crib_using_subcommand odds" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand odds" -l dealer -d 'You are about to deal'
complete -c crib -n "__fish_crib_using_subcommand odds" -l pone -d 'The opponent is about to deal'
complete -c crib -n "__fish_crib_using_subcommand odds" -l table -d 'Draw the dealer\'s chance over the whole board instead'
complete -c crib -n "__fish_crib_using_subcommand odds" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand odds" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand odds" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand check" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand check" -l crib -d 'Read the rows of FILE as cribs (a flush needs all five cards)'
complete -c crib -n "__fish_crib_using_subcommand check" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand check" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand stats" -l need -d 'Also give the chance of scoring at least N (0 to 29)' -r
complete -c crib -n "__fish_crib_using_subcommand stats" -l logs -d 'Your history over the logs of your games: files, or directories of *.jsonl logs [default, --logs alone: the games crib game kept, in $XDG_DATA_HOME/crib/games]' -r -F
complete -c crib -n "__fish_crib_using_subcommand stats" -l player -d 'With --logs, the player whose history it is, by name [default: the first of each log: you]' -r
complete -c crib -n "__fish_crib_using_subcommand stats" -l plot -d 'With --logs, draw the accuracy game by game as an SVG chart in FILE' -r -F
complete -c crib -n "__fish_crib_using_subcommand stats" -l cache -d 'With --logs, where each log\'s grades are kept [default: $XDG_CACHE_HOME/crib/grades]' -r -F
complete -c crib -n "__fish_crib_using_subcommand stats" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand stats" -l crib -d 'Use crib rules: a flush needs all five cards'
complete -c crib -n "__fish_crib_using_subcommand stats" -l no-board -d 'With --logs, grade in expected points only, not the chance of winning'
complete -c crib -n "__fish_crib_using_subcommand stats" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand stats" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand stats" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand discard" -l seat -d 'Your seat with three or four players, in the order of play: 1 on the dealer\'s left (who leads), the dealer last. It says whose crib it is, and it is the seat the play is valued in [default: the first seat of the role given]' -r
complete -c crib -n "__fish_crib_using_subcommand discard" -l crib-model -d 'How the crib\'s unknown cards are modelled [default: expert]' -r -f -a "expert\t'The other side throws as crib\'s expert model does (two players)'
uniform\t'Every set of unseen cards equally likely to complete the crib'"
complete -c crib -n "__fish_crib_using_subcommand discard" -l need -d 'Also give, for each choice, the chance that the hand alone scores at least N (0 to 29)' -r
complete -c crib -n "__fish_crib_using_subcommand discard" -l play-model -d 'How the play is counted [default: engine]' -r -f -a "engine\t'Count the pegging each side can expect with the hand kept'
none\t'Leave the play out: the show only'"
complete -c crib -n "__fish_crib_using_subcommand discard" -l scores -d 'The scores before the deal: two players yours first (ME-OPP); three each player\'s in seat order (A-B-C); four each partnership\'s, seats 1 and 3 first (US-THEM). The choices are then ranked by your chance (your side\'s) of winning the game' -r
complete -c crib -n "__fish_crib_using_subcommand discard" -l game -d 'With --scores, the game hole: 121, or 61 for the short game' -r
complete -c crib -n "__fish_crib_using_subcommand discard" -l match-need -d 'With --scores, two players, in a match: the games you and the opponent still need to win it, yours first (ME-OPP, each 1 or more), a skunk counting two. The choices are then ranked by your chance of winning the match' -r
complete -c crib -n "__fish_crib_using_subcommand discard" -l top -d 'Show only the best K choices (1 or more)' -r
complete -c crib -n "__fish_crib_using_subcommand discard" -l players -d 'How many players: 2 (throw two), 3 or 4 (throw one)' -r
complete -c crib -n "__fish_crib_using_subcommand discard" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand discard" -l dealer -d 'You deal: the crib is yours'
complete -c crib -n "__fish_crib_using_subcommand discard" -l partner-deals -d 'Your partner deals (four players): the crib is your side\'s'
complete -c crib -n "__fish_crib_using_subcommand discard" -l pone -d 'An opponent deals: the crib counts against you'
complete -c crib -n "__fish_crib_using_subcommand discard" -l table -d 'Print the table of expected crib points of every throw instead: with --dealer or --pone (or --seat N with three or four players), that seat\'s expert table only'
complete -c crib -n "__fish_crib_using_subcommand discard" -l play-table -d 'Print the pegging table instead: the points each hand of four ranks pegs, and the opponent against it, as pone and as dealer (with --dealer or --pone, that seat only). Give up to four ranks to show only the hands that hold them: --play-table 5 5'
complete -c crib -n "__fish_crib_using_subcommand discard" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand discard" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand discard" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand game" -l game -d 'The game hole: 121, or 61 for the short game' -r
complete -c crib -n "__fish_crib_using_subcommand game" -l games -d 'Games to win the match (a skunk counts two)' -r
complete -c crib -n "__fish_crib_using_subcommand game" -l seed -d 'The seed of the shuffles: the same seed deals the same cards [default: from the clock]' -r
complete -c crib -n "__fish_crib_using_subcommand game" -l you -d 'Your name on the board and in the log' -r
complete -c crib -n "__fish_crib_using_subcommand game" -l opponent -d 'How crib\'s players play: one of crib\'s levels (the same in crib match and crib engine), from random and greedy (for beginners) through novice, casual and club (which err as people do) to expert (crib\'s points player) and strongest (crib\'s best: the board and what you have shown). [Elo N] is a level\'s rating on crib\'s ladder of every level, two players (docs/engine.md; their mean 0)' -r -f -a "random\t'a legal card and a throw at random [Elo -697]'
greedy\t'the best hand on average; the card that scores most now, the lowest on a tie [Elo +16]'
novice\t'for a learner: the expert\'s choices drawn at 0.75 points [Elo +45]'
greedy-high\t'greedy, the highest card on a tie [Elo +57]'
casual\t'a kitchen-table player: the expert\'s choices drawn at 0.55 points [Elo +83]'
reply-aware\t'greedy\'s throw; the card worth most now less the next player\'s best reply [Elo +86]'
club\t'a club player: the expert\'s choices drawn at 0.42 points [Elo +103]'
expert\t'crib\'s points player: crib discard and crib play as they advise [Elo +141]'
strongest\t'crib\'s strongest: the expert with the board and inference (what the others kept; with two players, how they play) [Elo +165]'"
complete -c crib -n "__fish_crib_using_subcommand game" -l log -d 'Write the game to FILE, one deal a line: a new file, or an empty one [default: a new file in $XDG_DATA_HOME/crib/games]' -r -F
complete -c crib -n "__fish_crib_using_subcommand game" -l resume -d 'Carry on the game logged in FILE (and log to it)' -r -F
complete -c crib -n "__fish_crib_using_subcommand game" -l players -d 'How many players: 2, 3, or 4 (you and crib\'s player opposite you against the other two)' -r
complete -c crib -n "__fish_crib_using_subcommand game" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand game" -l muggins -d 'Count your own hand and crib: crib takes the points you overlook'
complete -c crib -n "__fish_crib_using_subcommand game" -l no-log -d 'Keep no log of the game'
complete -c crib -n "__fish_crib_using_subcommand game" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand game" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand game" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand review" -l player -d 'In a game\'s log, the player to grade, by name [default: you, the log\'s player]' -r
complete -c crib -n "__fish_crib_using_subcommand review" -l seat -d 'In deals that are not from a game\'s log, the seat to grade: 1 leads, the dealer is last' -r
complete -c crib -n "__fish_crib_using_subcommand review" -l plot -d 'Draw the chance of winning deal by deal, with the mistakes marked, as an SVG chart in FILE (a game\'s log only)' -r -F
complete -c crib -n "__fish_crib_using_subcommand review" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand review" -l no-board -d 'Grade in expected points only, leaving out the chance of winning (about a second for each two-player throw that differs from crib\'s)'
complete -c crib -n "__fish_crib_using_subcommand review" -l step -d 'After the summary, step through the deals (a game\'s log): n or Enter the next, p the one before, a deal\'s number, q to leave [default: on a terminal]'
complete -c crib -n "__fish_crib_using_subcommand review" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand review" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand review" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand train; and not __fish_seen_subcommand_from count discard play mistakes" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand train; and not __fish_seen_subcommand_from count discard play mistakes" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand train; and not __fish_seen_subcommand_from count discard play mistakes" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand train; and not __fish_seen_subcommand_from count discard play mistakes" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand train; and not __fish_seen_subcommand_from count discard play mistakes" -f -a "count" -d 'Count hands and cribs yourself: crib says every item you missed, in players\' words'
complete -c crib -n "__fish_crib_using_subcommand train; and not __fish_seen_subcommand_from count discard play mistakes" -f -a "discard" -d 'Throw to the crib: graded in points and in the chance of winning, the difference found in the hand, the crib or the play'
complete -c crib -n "__fish_crib_using_subcommand train; and not __fish_seen_subcommand_from count discard play mistakes" -f -a "play" -d 'Play a card in the play, at moments of real deals: graded, with the reasons'
complete -c crib -n "__fish_crib_using_subcommand train; and not __fish_seen_subcommand_from count discard play mistakes" -f -a "mistakes" -d 'Your own costliest decisions from your games\' logs, brought back until learned'
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from count" -l seed -d 'The seed: the same seed asks the same drills [default: drawn, and shown]' -r
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from count" -l rounds -d 'How many to ask' -r
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from count" -l focus -d 'What to dwell on' -r -f -a "any\t''
crib-flush\t''
double-runs\t''
nobs\t''
fifteens\t''"
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from count" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from count" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from count" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from count" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from discard" -l seed -d 'The seed: the same seed asks the same drills [default: drawn, and shown]' -r
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from discard" -l rounds -d 'How many to ask' -r
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from discard" -l game -d 'The game hole: 121, or 61 for the short game' -r
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from discard" -l players -d 'How many players: 2, 3 or 4' -r
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from discard" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from discard" -l board -d 'Deal late in a game, where the board changes the throw'
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from discard" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from discard" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from discard" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from play" -l seed -d 'The seed: the same seed asks the same drills [default: drawn, and shown]' -r
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from play" -l rounds -d 'How many to ask' -r
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from play" -l game -d 'The game hole: 121, or 61 for the short game' -r
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from play" -l players -d 'How many players: 2, 3 or 4' -r
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from play" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from play" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from play" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from play" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from mistakes" -l logs -d 'The logs of your games: files, or directories of *.jsonl logs [default: the games crib game kept, in $XDG_DATA_HOME/crib/games]' -r -F
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from mistakes" -l player -d 'The player whose mistakes they are, by name [default: the first of each log: you]' -r
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from mistakes" -l state -d 'The state file [default: $XDG_DATA_HOME/crib/train.json]' -r -F
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from mistakes" -l today -d 'The day it is, YYYY-MM-DD [default: today, UTC]' -r
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from mistakes" -l cache -d 'Where the logs\' grades are kept, shared with crib stats --logs [default: $XDG_CACHE_HOME/crib/grades]' -r -F
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from mistakes" -l rounds -d 'How many to ask at most' -r
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from mistakes" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from mistakes" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from mistakes" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand train; and __fish_seen_subcommand_from mistakes" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand serve" -l port -d 'The port to listen on [default: a free port]' -r
complete -c crib -n "__fish_crib_using_subcommand serve" -l bind -d 'Listen on this address rather than 127.0.0.1 (with a warning: others can reach it)' -r
complete -c crib -n "__fish_crib_using_subcommand serve" -l max-games -d 'The most games and drills under way at once' -r
complete -c crib -n "__fish_crib_using_subcommand serve" -l idle -d 'Close a game or drill the page has left for this many minutes (a game\'s log is kept)' -r
complete -c crib -n "__fish_crib_using_subcommand serve" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand serve" -l open -d 'Open the address in the browser'
complete -c crib -n "__fish_crib_using_subcommand serve" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand serve" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand serve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand verify" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand verify" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand verify" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand verify" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand match" -l engine -d 'A program that speaks crib\'s engine protocol: NAME=\'COMMAND\' (the shell runs it)' -r
complete -c crib -n "__fish_crib_using_subcommand match" -l players -d 'How many play: 2, 3, or 4 (two partnerships) [default: as many as are named]' -r
complete -c crib -n "__fish_crib_using_subcommand match" -l game -d 'The game hole: 121, or 61 for the short game' -r
complete -c crib -n "__fish_crib_using_subcommand match" -l games -d 'Games to play, in whole groups of duplicate games [default: 100; with --sprt, at most 20,000]' -r
complete -c crib -n "__fish_crib_using_subcommand match" -l sprt -d 'Stop when a sequential probability ratio test decides between ELO0 and ELO1 (two sides only)' -r
complete -c crib -n "__fish_crib_using_subcommand match" -l seed -d 'The seed of the decks: the same seed deals the same games [default: from the clock]' -r
complete -c crib -n "__fish_crib_using_subcommand match" -l workers -d 'Games played at once [default: the cores]' -r
complete -c crib -n "__fish_crib_using_subcommand match" -l timeout -d 'Seconds a program may take over a decision before it forfeits the game' -r
complete -c crib -n "__fish_crib_using_subcommand match" -l log -d 'Write each game to DIR/game-NNNNN.jsonl in crib game\'s log format (crib deal - recounts it, crib review grades it)' -r -F
complete -c crib -n "__fish_crib_using_subcommand match" -l part -d 'Play only the K-th of N parts of the match (whole groups of duplicate games, numbered as in the whole match), to spread a match over machines (docs/cluster.md)' -r
complete -c crib -n "__fish_crib_using_subcommand match" -l records -d 'Write each game\'s record to FILE, a line of JSON each (`-`: standard output, instead of the summary): what --from-records reads' -r -F
complete -c crib -n "__fish_crib_using_subcommand match" -l from-records -d 'Play nothing: summarise the games recorded in the FILEs (by --records, the parts of one match), exactly as the whole match would have been summarised' -r -F
complete -c crib -n "__fish_crib_using_subcommand match" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand match" -l round-robin -d 'Play every pair of the players named, each pair --games games on the same decks, and rate them all on one Elo scale (two players a game, or four as partnerships)'
complete -c crib -n "__fish_crib_using_subcommand match" -l debug -d 'Show every program\'s traffic on standard error as it happens, one line each, under the program\'s name: `NAME < request`, `NAME > answer`, and `NAME ! line` for what the program writes to its own standard error'
complete -c crib -n "__fish_crib_using_subcommand match" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand match" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand match" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand engine" -l level -d 'The level that answers' -r -f -a "random\t'a legal card and a throw at random [Elo -697]'
greedy\t'the best hand on average; the card that scores most now, the lowest on a tie [Elo +16]'
novice\t'for a learner: the expert\'s choices drawn at 0.75 points [Elo +45]'
greedy-high\t'greedy, the highest card on a tie [Elo +57]'
casual\t'a kitchen-table player: the expert\'s choices drawn at 0.55 points [Elo +83]'
reply-aware\t'greedy\'s throw; the card worth most now less the next player\'s best reply [Elo +86]'
club\t'a club player: the expert\'s choices drawn at 0.42 points [Elo +103]'
expert\t'crib\'s points player: crib discard and crib play as they advise [Elo +141]'
strongest\t'crib\'s strongest: the expert with the board and inference (what the others kept; with two players, how they play) [Elo +165]'"
complete -c crib -n "__fish_crib_using_subcommand engine" -l without -d 'With --level strongest: play without this part, to measure what it adds (board: play for points, never for the game; reading: weigh the other player\'s hands by what players keep, not by how they have played, with two players (strongest reads no play of three or four, so there it changes nothing); discard: throw by the plain heuristic, the hand over the starters plus or minus a crib of random cards, the play left out; answer: answer the lead as dealer with two players by the engine\'s search, not by rollouts). Repeat for more than one' -r -f -a "board\t'The board: the throw or card that wins more games'
reading\t'The reading of the other player\'s play'
discard\t'The discard\'s crib and play models'
answer\t'The dealer\'s answer to the lead by rollouts, with two players'"
complete -c crib -n "__fish_crib_using_subcommand engine" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand engine" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand engine" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand engine" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand schema" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand schema" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand schema" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand schema" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand completions" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand completions" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand completions" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand help" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand help" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand help" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crib -n "__fish_crib_using_subcommand man" -l color -d 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured' -r -f -a "auto\t'Colour a terminal, unless NO_COLOR is set or TERM is dumb'
always\t'Always colour (still never JSON)'
never\t'Never colour'"
complete -c crib -n "__fish_crib_using_subcommand man" -l json -d 'Print JSON instead of tables: one object per result, on one line'
complete -c crib -n "__fish_crib_using_subcommand man" -l ascii -d 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8'
complete -c crib -n "__fish_crib_using_subcommand man" -s h -l help -d 'Print help (see more with \'--help\')'
