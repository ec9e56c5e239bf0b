
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'crib' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'crib'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'crib' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('score', 'score', [CompletionResultType]::ParameterValue, 'Score a hand or crib: four cards, then the starter')
            [CompletionResult]::new('peg', 'peg', [CompletionResultType]::ParameterValue, 'Score the play: cards in the order played, ''go'' where a player passes')
            [CompletionResult]::new('play', 'play', [CompletionResultType]::ParameterValue, 'Advise the play: what each card you can play next is worth to the end of the deal')
            [CompletionResult]::new('deal', 'deal', [CompletionResultType]::ParameterValue, 'Count a whole deal on the board, to 121 or 61, in the rules'' counting order')
            [CompletionResult]::new('odds', 'odds', [CompletionResultType]::ParameterValue, 'The chance of winning the game from any position on the board')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Verify the rulebooks'' printed tables and claims, or a table of your own')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Exact statistics over every possible hand, or over one hand''s starters')
            [CompletionResult]::new('discard', 'discard', [CompletionResultType]::ParameterValue, 'Advise which cards to throw to the crib, by exact expected points')
            [CompletionResult]::new('game', 'game', [CompletionResultType]::ParameterValue, 'Play a game (or a match) against crib''s players in the terminal')
            [CompletionResult]::new('review', 'review', [CompletionResultType]::ParameterValue, 'Grade every decision of a logged game, or of one deal')
            [CompletionResult]::new('train', 'train', [CompletionResultType]::ParameterValue, 'Practise: count, throw, play, and your own mistakes, each answer graded and explained')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the board to a browser on this machine: play, review, practise, history')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check a game''s log against its seed: the deals, the commitment, every count')
            [CompletionResult]::new('match', 'match', [CompletionResultType]::ParameterValue, 'Play crib''s levels and engine programs against each other in duplicate games')
            [CompletionResult]::new('engine', 'engine', [CompletionResultType]::ParameterValue, 'Answer crib''s engine protocol as one of crib''s levels, for any arena')
            [CompletionResult]::new('schema', 'schema', [CompletionResultType]::ParameterValue, 'Print the JSON Schema of one of crib''s JSON outputs, or list them')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script for bash, zsh, fish, elvish or powershell')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print the help of crib or of one of its subcommands')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print a manual page (roff): crib''s, or one subcommand''s')
            break
        }
        'crib;score' {
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The starter, when only four cards are given')
            [CompletionResult]::new('--starter', '--starter', [CompletionResultType]::ParameterName, 'The starter, when only four cards are given')
            [CompletionResult]::new('--claim', '--claim', [CompletionResultType]::ParameterName, 'A player''s claimed count: says whether it is right and how many points were overlooked (muggins) or over-claimed')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--crib', '--crib', [CompletionResultType]::ParameterName, 'Score a crib: a flush counts only when all five cards share a suit')
            [CompletionResult]::new('--total', '--total', [CompletionResultType]::ParameterName, 'Print only the total: a number per hand (JSON: {"line": N, "total": T} in batch mode)')
            [CompletionResult]::new('--say', '--say', [CompletionResultType]::ParameterName, 'Say the count as it is said at the table, in words with the running total: fifteens, then pairs, runs, the flush and nobs ("fifteen two, fifteen four and a pair is six")')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;peg' {
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'How many players: 2, 3 (dealer last) or 4 (partners opposite)')
            [CompletionResult]::new('--players', '--players', [CompletionResultType]::ParameterName, 'How many players: 2, 3 (dealer last) or 4 (partners opposite)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;play' {
            [CompletionResult]::new('--hand', '--hand', [CompletionResultType]::ParameterName, 'Your four cards for the play')
            [CompletionResult]::new('--seat', '--seat', [CompletionResultType]::ParameterName, 'Your seat in the order of play: 1 leads, the dealer is the last')
            [CompletionResult]::new('--starter', '--starter', [CompletionResultType]::ParameterName, 'The starter, if you know it')
            [CompletionResult]::new('--thrown', '--thrown', [CompletionResultType]::ParameterName, 'The cards you threw to the crib')
            [CompletionResult]::new('--opponent', '--opponent', [CompletionResultType]::ParameterName, 'How the others'' hidden cards are weighted: every set of unseen cards alike (uniform), by how likely crib''s players are to keep the hand they make (expert), and also by how they have played (reading)')
            [CompletionResult]::new('--players', '--players', [CompletionResultType]::ParameterName, 'How many players: 2, 3, or 4 (two partnerships)')
            [CompletionResult]::new('--scores', '--scores', [CompletionResultType]::ParameterName, 'The scores on the board now (the play so far counted): yours first, ME-OPP; with three players each one''s in seat order (A-B-C, seat 1 first, the dealer last); with four each partnership''s, seats 1 and 3 first. Each card is then also valued by your chance (your side''s) of winning the game (needs --starter)')
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'With --scores, the game hole: 121, or 61 for the short game')
            [CompletionResult]::new('--match-need', '--match-need', [CompletionResultType]::ParameterName, 'With --scores, two players, in a match: the games you and the opponent still need to win it, yours first (ME-OPP, each 1 or more), a skunk counting two. Each card is then valued by your chance of winning the match')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--dealer', '--dealer', [CompletionResultType]::ParameterName, 'You deal: you play last (the last seat)')
            [CompletionResult]::new('--pone', '--pone', [CompletionResultType]::ParameterName, 'You sit on the dealer''s left and lead (seat 1)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;deal' {
            [CompletionResult]::new('--players', '--players', [CompletionResultType]::ParameterName, 'How many players: 2, 3, or 4 (two partnerships)')
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'The game hole: 121, or 61 for the short game')
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'The pone''s four cards kept, or the six dealt with --pone-throw (two players)')
            [CompletionResult]::new('--pone', '--pone', [CompletionResultType]::ParameterName, 'The pone''s four cards kept, or the six dealt with --pone-throw (two players)')
            [CompletionResult]::new('-d', '-d', [CompletionResultType]::ParameterName, 'The dealer''s four cards kept, or the six dealt with --dealer-throw (two players)')
            [CompletionResult]::new('--dealer', '--dealer', [CompletionResultType]::ParameterName, 'The dealer''s four cards kept, or the six dealt with --dealer-throw (two players)')
            [CompletionResult]::new('--pone-throw', '--pone-throw', [CompletionResultType]::ParameterName, 'The two cards the pone threw to the crib')
            [CompletionResult]::new('--dealer-throw', '--dealer-throw', [CompletionResultType]::ParameterName, 'The two cards the dealer threw to the crib')
            [CompletionResult]::new('--hand', '--hand', [CompletionResultType]::ParameterName, 'A seat''s four cards kept, or the five dealt (three or four players; once a seat, in the order of play, the dealer last)')
            [CompletionResult]::new('--throws', '--throws', [CompletionResultType]::ParameterName, 'Each seat''s card thrown to the crib, in the order of play (three or four players)')
            [CompletionResult]::new('--crib-card', '--crib-card', [CompletionResultType]::ParameterName, 'The card dealt to the crib (three players)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'The crib''s four cards (instead of the throws)')
            [CompletionResult]::new('--crib', '--crib', [CompletionResultType]::ParameterName, 'The crib''s four cards (instead of the throws)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The starter')
            [CompletionResult]::new('--starter', '--starter', [CompletionResultType]::ParameterName, 'The starter')
            [CompletionResult]::new('--scores', '--scores', [CompletionResultType]::ParameterName, 'The scores before the deal: two players by seat (dealer=110,pone=115); three, each player''s in seat order (10-20-30); four, each side''s, seats 1 and 3 first [default: 0s]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;odds' {
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'The game hole: 121, or 61 for the short game (two players: the last 61 holes of 121)')
            [CompletionResult]::new('--match-need', '--match-need', [CompletionResultType]::ParameterName, 'In a match of two players, the games you and the opponent still need to win it, as ME-OPP (for example 2-1): also your chance of winning the match, a skunk counting two games')
            [CompletionResult]::new('--svg', '--svg', [CompletionResultType]::ParameterName, 'With --table, also write the map as an SVG image to this file (every position, and the line where the dealer''s chance crosses 50%); ''-'' writes only the image, to standard output')
            [CompletionResult]::new('--players', '--players', [CompletionResultType]::ParameterName, 'How many players: 2, 3 (three scores, in seat order: seat 1 leads, the dealer last), or 4 (two partnerships: your side''s score and the other''s)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--dealer', '--dealer', [CompletionResultType]::ParameterName, 'You are about to deal')
            [CompletionResult]::new('--pone', '--pone', [CompletionResultType]::ParameterName, 'The opponent is about to deal')
            [CompletionResult]::new('--table', '--table', [CompletionResultType]::ParameterName, 'Draw the dealer''s chance over the whole board instead')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;check' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--crib', '--crib', [CompletionResultType]::ParameterName, 'Read the rows of FILE as cribs (a flush needs all five cards)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;stats' {
            [CompletionResult]::new('--need', '--need', [CompletionResultType]::ParameterName, 'Also give the chance of scoring at least N (0 to 29)')
            [CompletionResult]::new('--logs', '--logs', [CompletionResultType]::ParameterName, 'Your history over the logs of your games: files, or directories of *.jsonl logs [default, --logs alone: the games crib game kept, in $XDG_DATA_HOME/crib/games]')
            [CompletionResult]::new('--player', '--player', [CompletionResultType]::ParameterName, 'With --logs, the player whose history it is, by name [default: the first of each log: you]')
            [CompletionResult]::new('--plot', '--plot', [CompletionResultType]::ParameterName, 'With --logs, draw the accuracy game by game as an SVG chart in FILE')
            [CompletionResult]::new('--cache', '--cache', [CompletionResultType]::ParameterName, 'With --logs, where each log''s grades are kept [default: $XDG_CACHE_HOME/crib/grades]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--crib', '--crib', [CompletionResultType]::ParameterName, 'Use crib rules: a flush needs all five cards')
            [CompletionResult]::new('--no-board', '--no-board', [CompletionResultType]::ParameterName, 'With --logs, grade in expected points only, not the chance of winning')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;discard' {
            [CompletionResult]::new('--seat', '--seat', [CompletionResultType]::ParameterName, 'Your seat with three or four players, in the order of play: 1 on the dealer''s left (who leads), the dealer last. It says whose crib it is, and it is the seat the play is valued in [default: the first seat of the role given]')
            [CompletionResult]::new('--crib-model', '--crib-model', [CompletionResultType]::ParameterName, 'How the crib''s unknown cards are modelled [default: expert]')
            [CompletionResult]::new('--need', '--need', [CompletionResultType]::ParameterName, 'Also give, for each choice, the chance that the hand alone scores at least N (0 to 29)')
            [CompletionResult]::new('--play-model', '--play-model', [CompletionResultType]::ParameterName, 'How the play is counted [default: engine]')
            [CompletionResult]::new('--scores', '--scores', [CompletionResultType]::ParameterName, 'The scores before the deal: two players yours first (ME-OPP); three each player''s in seat order (A-B-C); four each partnership''s, seats 1 and 3 first (US-THEM). The choices are then ranked by your chance (your side''s) of winning the game')
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'With --scores, the game hole: 121, or 61 for the short game')
            [CompletionResult]::new('--match-need', '--match-need', [CompletionResultType]::ParameterName, 'With --scores, two players, in a match: the games you and the opponent still need to win it, yours first (ME-OPP, each 1 or more), a skunk counting two. The choices are then ranked by your chance of winning the match')
            [CompletionResult]::new('--top', '--top', [CompletionResultType]::ParameterName, 'Show only the best K choices (1 or more)')
            [CompletionResult]::new('--players', '--players', [CompletionResultType]::ParameterName, 'How many players: 2 (throw two), 3 or 4 (throw one)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--dealer', '--dealer', [CompletionResultType]::ParameterName, 'You deal: the crib is yours')
            [CompletionResult]::new('--partner-deals', '--partner-deals', [CompletionResultType]::ParameterName, 'Your partner deals (four players): the crib is your side''s')
            [CompletionResult]::new('--pone', '--pone', [CompletionResultType]::ParameterName, 'An opponent deals: the crib counts against you')
            [CompletionResult]::new('--table', '--table', [CompletionResultType]::ParameterName, 'Print the table of expected crib points of every throw instead: with --dealer or --pone (or --seat N with three or four players), that seat''s expert table only')
            [CompletionResult]::new('--play-table', '--play-table', [CompletionResultType]::ParameterName, 'Print the pegging table instead: the points each hand of four ranks pegs, and the opponent against it, as pone and as dealer (with --dealer or --pone, that seat only). Give up to four ranks to show only the hands that hold them: --play-table 5 5')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;game' {
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'The game hole: 121, or 61 for the short game')
            [CompletionResult]::new('--games', '--games', [CompletionResultType]::ParameterName, 'Games to win the match (a skunk counts two)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'The seed of the shuffles: the same seed deals the same cards [default: from the clock]')
            [CompletionResult]::new('--you', '--you', [CompletionResultType]::ParameterName, 'Your name on the board and in the log')
            [CompletionResult]::new('--opponent', '--opponent', [CompletionResultType]::ParameterName, 'How crib''s players play: one of crib''s levels (the same in crib match and crib engine), from random and greedy (for beginners) through novice, casual and club (which err as people do) to expert (crib''s points player) and strongest (crib''s best: the board and what you have shown). [Elo N] is a level''s rating on crib''s ladder of every level, two players (docs/engine.md; their mean 0)')
            [CompletionResult]::new('--log', '--log', [CompletionResultType]::ParameterName, 'Write the game to FILE, one deal a line: a new file, or an empty one [default: a new file in $XDG_DATA_HOME/crib/games]')
            [CompletionResult]::new('--resume', '--resume', [CompletionResultType]::ParameterName, 'Carry on the game logged in FILE (and log to it)')
            [CompletionResult]::new('--players', '--players', [CompletionResultType]::ParameterName, 'How many players: 2, 3, or 4 (you and crib''s player opposite you against the other two)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--muggins', '--muggins', [CompletionResultType]::ParameterName, 'Count your own hand and crib: crib takes the points you overlook')
            [CompletionResult]::new('--no-log', '--no-log', [CompletionResultType]::ParameterName, 'Keep no log of the game')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;review' {
            [CompletionResult]::new('--player', '--player', [CompletionResultType]::ParameterName, 'In a game''s log, the player to grade, by name [default: you, the log''s player]')
            [CompletionResult]::new('--seat', '--seat', [CompletionResultType]::ParameterName, 'In deals that are not from a game''s log, the seat to grade: 1 leads, the dealer is last')
            [CompletionResult]::new('--plot', '--plot', [CompletionResultType]::ParameterName, 'Draw the chance of winning deal by deal, with the mistakes marked, as an SVG chart in FILE (a game''s log only)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--no-board', '--no-board', [CompletionResultType]::ParameterName, 'Grade in expected points only, leaving out the chance of winning (about a second for each two-player throw that differs from crib''s)')
            [CompletionResult]::new('--step', '--step', [CompletionResultType]::ParameterName, 'After the summary, step through the deals (a game''s log): n or Enter the next, p the one before, a deal''s number, q to leave [default: on a terminal]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;train' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('count', 'count', [CompletionResultType]::ParameterValue, 'Count hands and cribs yourself: crib says every item you missed, in players'' words')
            [CompletionResult]::new('discard', 'discard', [CompletionResultType]::ParameterValue, 'Throw to the crib: graded in points and in the chance of winning, the difference found in the hand, the crib or the play')
            [CompletionResult]::new('play', 'play', [CompletionResultType]::ParameterValue, 'Play a card in the play, at moments of real deals: graded, with the reasons')
            [CompletionResult]::new('mistakes', 'mistakes', [CompletionResultType]::ParameterValue, 'Your own costliest decisions from your games'' logs, brought back until learned')
            break
        }
        'crib;train;count' {
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'The seed: the same seed asks the same drills [default: drawn, and shown]')
            [CompletionResult]::new('--rounds', '--rounds', [CompletionResultType]::ParameterName, 'How many to ask')
            [CompletionResult]::new('--focus', '--focus', [CompletionResultType]::ParameterName, 'What to dwell on')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;train;discard' {
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'The seed: the same seed asks the same drills [default: drawn, and shown]')
            [CompletionResult]::new('--rounds', '--rounds', [CompletionResultType]::ParameterName, 'How many to ask')
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'The game hole: 121, or 61 for the short game')
            [CompletionResult]::new('--players', '--players', [CompletionResultType]::ParameterName, 'How many players: 2, 3 or 4')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--board', '--board', [CompletionResultType]::ParameterName, 'Deal late in a game, where the board changes the throw')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;train;play' {
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'The seed: the same seed asks the same drills [default: drawn, and shown]')
            [CompletionResult]::new('--rounds', '--rounds', [CompletionResultType]::ParameterName, 'How many to ask')
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'The game hole: 121, or 61 for the short game')
            [CompletionResult]::new('--players', '--players', [CompletionResultType]::ParameterName, 'How many players: 2, 3 or 4')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;train;mistakes' {
            [CompletionResult]::new('--logs', '--logs', [CompletionResultType]::ParameterName, 'The logs of your games: files, or directories of *.jsonl logs [default: the games crib game kept, in $XDG_DATA_HOME/crib/games]')
            [CompletionResult]::new('--player', '--player', [CompletionResultType]::ParameterName, 'The player whose mistakes they are, by name [default: the first of each log: you]')
            [CompletionResult]::new('--state', '--state', [CompletionResultType]::ParameterName, 'The state file [default: $XDG_DATA_HOME/crib/train.json]')
            [CompletionResult]::new('--today', '--today', [CompletionResultType]::ParameterName, 'The day it is, YYYY-MM-DD [default: today, UTC]')
            [CompletionResult]::new('--cache', '--cache', [CompletionResultType]::ParameterName, 'Where the logs'' grades are kept, shared with crib stats --logs [default: $XDG_CACHE_HOME/crib/grades]')
            [CompletionResult]::new('--rounds', '--rounds', [CompletionResultType]::ParameterName, 'How many to ask at most')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;serve' {
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'The port to listen on [default: a free port]')
            [CompletionResult]::new('--bind', '--bind', [CompletionResultType]::ParameterName, 'Listen on this address rather than 127.0.0.1 (with a warning: others can reach it)')
            [CompletionResult]::new('--max-games', '--max-games', [CompletionResultType]::ParameterName, 'The most games and drills under way at once')
            [CompletionResult]::new('--idle', '--idle', [CompletionResultType]::ParameterName, 'Close a game or drill the page has left for this many minutes (a game''s log is kept)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--open', '--open', [CompletionResultType]::ParameterName, 'Open the address in the browser')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;verify' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;match' {
            [CompletionResult]::new('--engine', '--engine', [CompletionResultType]::ParameterName, 'A program that speaks crib''s engine protocol: NAME=''COMMAND'' (the shell runs it)')
            [CompletionResult]::new('--players', '--players', [CompletionResultType]::ParameterName, 'How many play: 2, 3, or 4 (two partnerships) [default: as many as are named]')
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'The game hole: 121, or 61 for the short game')
            [CompletionResult]::new('--games', '--games', [CompletionResultType]::ParameterName, 'Games to play, in whole groups of duplicate games [default: 100; with --sprt, at most 20,000]')
            [CompletionResult]::new('--sprt', '--sprt', [CompletionResultType]::ParameterName, 'Stop when a sequential probability ratio test decides between ELO0 and ELO1 (two sides only)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'The seed of the decks: the same seed deals the same games [default: from the clock]')
            [CompletionResult]::new('--workers', '--workers', [CompletionResultType]::ParameterName, 'Games played at once [default: the cores]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Seconds a program may take over a decision before it forfeits the game')
            [CompletionResult]::new('--log', '--log', [CompletionResultType]::ParameterName, 'Write each game to DIR/game-NNNNN.jsonl in crib game''s log format (crib deal - recounts it, crib review grades it)')
            [CompletionResult]::new('--part', '--part', [CompletionResultType]::ParameterName, 'Play only the K-th of N parts of the match (whole groups of duplicate games, numbered as in the whole match), to spread a match over machines (docs/cluster.md)')
            [CompletionResult]::new('--records', '--records', [CompletionResultType]::ParameterName, 'Write each game''s record to FILE, a line of JSON each (`-`: standard output, instead of the summary): what --from-records reads')
            [CompletionResult]::new('--from-records', '--from-records', [CompletionResultType]::ParameterName, 'Play nothing: summarise the games recorded in the FILEs (by --records, the parts of one match), exactly as the whole match would have been summarised')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--round-robin', '--round-robin', [CompletionResultType]::ParameterName, 'Play every pair of the players named, each pair --games games on the same decks, and rate them all on one Elo scale (two players a game, or four as partnerships)')
            [CompletionResult]::new('--debug', '--debug', [CompletionResultType]::ParameterName, 'Show every program''s traffic on standard error as it happens, one line each, under the program''s name: `NAME < request`, `NAME > answer`, and `NAME ! line` for what the program writes to its own standard error')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;engine' {
            [CompletionResult]::new('--level', '--level', [CompletionResultType]::ParameterName, 'The level that answers')
            [CompletionResult]::new('--without', '--without', [CompletionResultType]::ParameterName, 'With --level strongest: play without this part, to measure what it adds (board: play for points, never for the game; reading: weigh the other player''s hands by what players keep, not by how they have played, with two players (strongest reads no play of three or four, so there it changes nothing); discard: throw by the plain heuristic, the hand over the starters plus or minus a crib of random cards, the play left out; answer: answer the lead as dealer with two players by the engine''s search, not by rollouts). Repeat for more than one')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;schema' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;completions' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;help' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;man' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a terminal, and never when NO_COLOR is set; JSON is never coloured')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Print suits as letters (5h) and tables with plain ASCII borders. The default when the locale is not UTF-8')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
