
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
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('score', 'score', [CompletionResultType]::ParameterValue, 'Score a hand or crib: four cards, then the starter')
            [CompletionResult]::new('peg', 'peg', [CompletionResultType]::ParameterValue, 'Score the play: cards in the order played, ''go'' where a player passes')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Verify the rulebooks'' printed tables and claims, or a table of your own')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Exact statistics over every possible hand, or over one hand''s starters')
            [CompletionResult]::new('discard', 'discard', [CompletionResultType]::ParameterValue, 'Advise which cards to throw to the crib, by exact expected points')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script for bash, zsh, fish, elvish or powershell')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (roff)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'crib;score' {
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The starter, when only four cards are given')
            [CompletionResult]::new('--starter', '--starter', [CompletionResultType]::ParameterName, 'The starter, when only four cards are given')
            [CompletionResult]::new('--claim', '--claim', [CompletionResultType]::ParameterName, 'A player''s claimed count: says whether it is right and how many points were overlooked (muggins) or over-claimed')
            [CompletionResult]::new('--crib', '--crib', [CompletionResultType]::ParameterName, 'Score a crib: a flush counts only when all five cards share a suit')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'crib;peg' {
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'How many players: 2, 3 (dealer last) or 4 (partners opposite)')
            [CompletionResult]::new('--players', '--players', [CompletionResultType]::ParameterName, 'How many players: 2, 3 (dealer last) or 4 (partners opposite)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'crib;check' {
            [CompletionResult]::new('--crib', '--crib', [CompletionResultType]::ParameterName, 'Read the rows of FILE as cribs (a flush needs all five cards)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'crib;stats' {
            [CompletionResult]::new('--need', '--need', [CompletionResultType]::ParameterName, 'Also give the chance of scoring at least N')
            [CompletionResult]::new('--crib', '--crib', [CompletionResultType]::ParameterName, 'Use crib rules: a flush needs all five cards')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'crib;discard' {
            [CompletionResult]::new('--players', '--players', [CompletionResultType]::ParameterName, 'How many players: 2 (throw two), 3 or 4 (throw one)')
            [CompletionResult]::new('--crib-model', '--crib-model', [CompletionResultType]::ParameterName, 'How the crib''s unknown cards are modelled [default: expert for two players, uniform for three or four]')
            [CompletionResult]::new('--need', '--need', [CompletionResultType]::ParameterName, 'Also give, for each choice, the chance that the hand alone scores at least N')
            [CompletionResult]::new('--top', '--top', [CompletionResultType]::ParameterName, 'Show only the best K choices')
            [CompletionResult]::new('--dealer', '--dealer', [CompletionResultType]::ParameterName, 'You deal: the crib is yours')
            [CompletionResult]::new('--partner-deals', '--partner-deals', [CompletionResultType]::ParameterName, 'Your partner deals (four players): the crib is your side''s')
            [CompletionResult]::new('--pone', '--pone', [CompletionResultType]::ParameterName, 'An opponent deals: the crib counts against you')
            [CompletionResult]::new('--table', '--table', [CompletionResultType]::ParameterName, 'Print the table of expected crib points of every throw instead: with --dealer or --pone, that seat''s expert table only')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crib;completions' {
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'crib;man' {
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables: one object per result, on one line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'crib;help' {
            [CompletionResult]::new('score', 'score', [CompletionResultType]::ParameterValue, 'Score a hand or crib: four cards, then the starter')
            [CompletionResult]::new('peg', 'peg', [CompletionResultType]::ParameterValue, 'Score the play: cards in the order played, ''go'' where a player passes')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Verify the rulebooks'' printed tables and claims, or a table of your own')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Exact statistics over every possible hand, or over one hand''s starters')
            [CompletionResult]::new('discard', 'discard', [CompletionResultType]::ParameterValue, 'Advise which cards to throw to the crib, by exact expected points')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script for bash, zsh, fish, elvish or powershell')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (roff)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'crib;help;score' {
            break
        }
        'crib;help;peg' {
            break
        }
        'crib;help;check' {
            break
        }
        'crib;help;stats' {
            break
        }
        'crib;help;discard' {
            break
        }
        'crib;help;completions' {
            break
        }
        'crib;help;man' {
            break
        }
        'crib;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
