//! One deal of `crib game`: the throws, the starter, the play card by card, the shows, each
//! decision of yours asked for and each of crib's players' made, and the deal settled on the
//! board and logged.

use serde_json::json;

use crib::Models;
use crib::Seat;
use crib::deal::Phase;
use crib::deal::{BoardEvent, Counted};
use crib::game::DealTable;
use crib::game::Level;
use crib::game::{Match, Muggins};
use crib::game::{Seen, play_out};
use crib::pegging::{Event, EventKind, Token};
use crib::{Card, parse_cards};
use crib::{Hand, HandKind};

use super::Ctx;
use super::ahead::Ahead;
use crate::cli::output::cards_json;
use crate::cli::output::{self, Render, card_text, cards_text};
use crate::cli::score;
use crate::cli::talk::{Flow, Mode, Reply, held_card};

/// The name of the player in seat `seat`.
fn name(ctx: &Ctx, m: &Match, seat: Seat) -> String {
    ctx.settings.names[m.player_at(seat)].clone()
}

/// Play one deal of the match `m`, settling it on the board; `Quit` leaves it unplayed.
pub fn play_deal(ctx: &mut Ctx, m: &mut Match) -> anyhow::Result<Flow> {
    let before = m.clone();
    let mut table = m.deal();
    let yours = (0..m.game.players.count())
        .map(|s| m.player_at(Seat::new(s)) == 0)
        .collect();
    let mut ahead = Ahead::start(&table, ctx.strength, yours);
    ctx.talk.clear_messages();
    // A new game starts with the pegs home.
    ctx.board.peg(&m.scores);
    let you = m.seat_of(0);
    let dealer = name(ctx, m, m.game.players.dealer());
    ctx.talk.say(
        &format!(
            "Deal {} of game {}: {}. Your cards: {}",
            m.deal_number + 1,
            m.games_played + 1,
            super::deals(&dealer),
            cards_text(&table.dealt[you.index()])
        ),
        json!({"event": "deal", "deal": m.deal_number + 1, "game_number": m.games_played + 1,
               "dealer": dealer, "seat": you.index() + 1,
               "scores": super::by_side(m.game.players, &m.scores),
               "hand": cards_json(&table.dealt[you.index()])}),
    )?;
    if throws(ctx, m, &mut table, &mut ahead)? == Flow::Quit {
        return Ok(Flow::Quit);
    }
    turn_starter(ctx, m, &table)?;
    if !table.game_over() && the_play(ctx, m, &mut table, &mut ahead)? == Flow::Quit {
        return Ok(Flow::Quit);
    }
    let pegged_out = table.game_over();
    // The game ended in the play: the cards left are played out for the log, uncounted.
    play_out(Models::committed(), &mut table, Level::Greedy);
    let counted = table.counted()?;
    let claims = if pegged_out {
        Vec::new()
    } else {
        match shows(ctx, m, &table, &counted)? {
            Some(claims) => claims,
            None => return Ok(Flow::Quit),
        }
    };
    let scored = m.counted_events(&counted, &claims);
    let over = m.settle(&counted, &claims);
    ctx.record(&before, &table, &claims, m.champion().is_some())?;
    super::end::deal_over(ctx, &before, m, over, &scored)
}

/// Every seat throws, from the dealer's left round to the dealer; you when your turn comes.
fn throws(
    ctx: &mut Ctx,
    m: &Match,
    table: &mut DealTable,
    ahead: &mut Ahead,
) -> anyhow::Result<Flow> {
    for s in 0..m.game.players.count() {
        let seat = Seat::new(s);
        if m.player_at(seat) == 0 {
            if ask_throw(ctx, m, table, seat)? == Flow::Quit {
                return Ok(Flow::Quit);
            }
        } else {
            let throw = ahead.throw(&Seen::of(table, seat))?;
            table
                .throw(seat, &throw)
                .map_err(|r| anyhow::anyhow!("{r}"))?;
        }
    }
    Ok(Flow::On)
}

fn ask_throw(ctx: &mut Ctx, m: &Match, table: &mut DealTable, seat: Seat) -> anyhow::Result<Flow> {
    let size = table.game.deal_shape().1;
    let whose = if m.game.players.side(seat) == m.game.players.side(m.game.players.dealer()) {
        "your side's"
    } else {
        "the dealer's"
    };
    let question = format!(
        "Throw {} to {whose} crib (cards, ? or best):",
        if size == 1 { "one card" } else { "two cards" }
    );
    loop {
        let scene = scene(ctx, m, table);
        let details = json!({"hand": cards_json(&table.dealt[seat.index()]), "throw_size": size});
        let throw = match ctx.talk.ask(&question, "throw", details, &scene)? {
            Reply::Quit | Reply::Ended => return Ok(Flow::Quit),
            Reply::Advice => {
                // The best five keep the board on the screen.
                let top = if ctx.talk.mode == Mode::Screen {
                    5
                } else {
                    usize::MAX
                };
                advice(
                    ctx,
                    &crate::cli::advice::throw_report(table, seat, top)?,
                    true,
                )?;
                continue;
            }
            Reply::Best => Level::Strongest.throw(Models::committed(), &Seen::of(table, seat))?,
            Reply::Words(words) => match parse_cards(&words) {
                Ok(cards) => cards,
                Err(err) => {
                    refuse(ctx, &crate::cli::describe(&err.into()))?;
                    continue;
                }
            },
        };
        match table.throw(seat, &throw) {
            Ok(()) => {
                ctx.talk.say(
                    &format!("You throw {}.", cards_text(&throw)),
                    json!({"event": "throw", "player": ctx.settings.names[0],
                           "cards": cards_json(&throw)}),
                )?;
                return Ok(Flow::On);
            }
            Err(refusal) => refuse(ctx, &refusal.message(output::notation()).to_string())?,
        }
    }
}

fn refuse(ctx: &mut Ctx, message: &str) -> anyhow::Result<()> {
    ctx.talk.say(
        &format!("{message}; try again."),
        json!({"event": "refused", "message": message}),
    )?;
    Ok(())
}

/// Show crib's advice, as its subcommand prints it (`wrapped`: its prose wrapped to the width,
/// as `crib discard` and `crib play` wrap theirs).
fn advice(ctx: &mut Ctx, report: &dyn Render, wrapped: bool) -> anyhow::Result<()> {
    let mut text = Vec::new();
    let json = ctx.talk.mode == Mode::Json;
    if wrapped {
        output::emit_wrapped(&mut text, json, report)?;
    } else {
        output::emit(&mut text, json, report)?;
    }
    match ctx.talk.mode {
        Mode::Screen => {
            let text = String::from_utf8_lossy(&text);
            let lines: Vec<String> = text.lines().map(str::to_owned).collect();
            ctx.talk.show_below(&lines);
        }
        _ => ctx.talk.out().write_all(&text)?,
    }
    Ok(())
}

/// The starter turned; his heels.
fn turn_starter(ctx: &mut Ctx, m: &Match, table: &DealTable) -> anyhow::Result<()> {
    let heels = table.heels();
    let dealer = name(ctx, m, m.game.players.dealer());
    let text = if heels > 0 {
        format!(
            "Starter {}: his heels, 2 for {dealer}.",
            card_text(table.starter)
        )
    } else {
        format!("Starter {}.", card_text(table.starter))
    };
    ctx.talk.say(
        &text,
        json!({"event": "starter", "card": table.starter.to_string(), "heels": heels}),
    )?;
    ctx.peg_board(m, table);
    Ok(())
}

/// The play, card by card, until every card is played or a side reaches the game hole.
fn the_play(
    ctx: &mut Ctx,
    m: &Match,
    table: &mut DealTable,
    ahead: &mut Ahead,
) -> anyhow::Result<Flow> {
    while let Some(seat) = table.play_at().turn {
        let token = if m.player_at(seat) != 0 {
            ahead.play(&Seen::of(table, seat))?
        } else if table.legal().is_empty() {
            Token::Go
        } else {
            match ask_card(ctx, m, table, seat)? {
                Some(token) => token,
                None => return Ok(Flow::Quit),
            }
        };
        let events = table.play(token).map_err(|r| anyhow::anyhow!("{r}"))?;
        for event in &events {
            tell_event(ctx, m, event)?;
        }
        ctx.peg_board(m, table);
        if table.game_over() {
            break;
        }
    }
    Ok(Flow::On)
}

fn ask_card(
    ctx: &mut Ctx,
    m: &Match,
    table: &DealTable,
    seat: Seat,
) -> anyhow::Result<Option<Token>> {
    loop {
        let at = table.play_at();
        let question = if at.count == 0 {
            "Lead a card (card, ? or best):".to_owned()
        } else {
            format!("Count {}. Play a card (card, ? or best):", at.count)
        };
        let scene = scene(ctx, m, table);
        let details = json!({"hand": cards_json(&table.in_hand(seat)), "count": at.count,
                             "legal": cards_json(&table.legal())});
        let card = match ctx.talk.ask(&question, "play", details, &scene)? {
            Reply::Quit | Reply::Ended => return Ok(None),
            Reply::Advice => {
                advice(ctx, &crate::cli::advice::play_report(table, seat)?, true)?;
                continue;
            }
            Reply::Best => {
                let seen = Seen::of(table, seat);
                return Ok(Some(Level::Strongest.play(Models::committed(), &seen)?));
            }
            Reply::Words(words) if words.len() == 1 && words[0].eq_ignore_ascii_case("go") => {
                let refusal = table.clone().play(Token::Go).err();
                refuse(
                    ctx,
                    &refusal.map_or_else(String::new, |r| {
                        output::plain(&r.message(output::notation()).to_string()).into_owned()
                    }),
                )?;
                continue;
            }
            Reply::Words(words) => match held_card(table, seat, &words) {
                Ok(card) => card,
                Err(message) => {
                    refuse(ctx, &message)?;
                    continue;
                }
            },
        };
        let mut trial = table.clone();
        match trial.play(Token::Card(card)) {
            Ok(_) => return Ok(Some(Token::Card(card))),
            Err(refusal) => refuse(
                ctx,
                &output::plain(&refusal.message(output::notation()).to_string()),
            )?,
        }
    }
}

/// Say what an event of the play was.
fn tell_event(ctx: &mut Ctx, m: &Match, event: &Event) -> anyhow::Result<()> {
    let who = name(ctx, m, Seat::new(event.player));
    let why: Vec<String> = event.scores.iter().map(ToString::to_string).collect();
    let scored = if why.is_empty() {
        String::new()
    } else {
        format!(": {}", why.join(", "))
    };
    let (text, kind, card) = match event.kind {
        EventKind::Card(card) => (
            format!("{who}: {} ({}){scored}", card_text(card), event.count),
            "card",
            Some(card.to_string()),
        ),
        EventKind::Go => (format!("{who}: go"), "go", None),
        EventKind::GoPoint | EventKind::LastCard => (format!("{who}{scored}"), "peg", None),
    };
    ctx.talk.say(
        &text,
        json!({"event": kind, "player": who, "card": card, "count": event.count,
               "points": event.points(), "reasons": why}),
    )?;
    Ok(())
}

/// The shows, in the rules' order, until the game ends: with muggins, you count your own
/// hand and crib. The counts claimed, or `None` if you quit.
fn shows(
    ctx: &mut Ctx,
    m: &Match,
    table: &DealTable,
    counted: &Counted,
) -> anyhow::Result<Option<Vec<Muggins>>> {
    let mut claims = Vec::new();
    let you = m.seat_of(0);
    for (i, event) in counted.events.iter().chain(&counted.uncounted).enumerate() {
        if !matches!(event.phase, Phase::Hand(_) | Phase::Crib) {
            continue;
        }
        if ctx.settings.muggins && event.player == you {
            let Some(claimed) = ask_count(ctx, m, table, event)? else {
                return Ok(None);
            };
            let crib = event.phase == Phase::Crib;
            claims.push(Muggins {
                seat: you,
                claimed,
                crib,
            });
        }
        tell_show(ctx, m, table, event)?;
        let (scores, over) = m.scores_after(counted, &claims, i + 1);
        ctx.board.peg(&scores);
        if over {
            break;
        }
    }
    Ok(Some(claims))
}

fn show_cards(table: &DealTable, event: &BoardEvent) -> Vec<Card> {
    match event.phase {
        Phase::Crib => table.crib().map(|c| c.to_vec()).unwrap_or_default(),
        _ => table.kept(event.player),
    }
}

fn tell_show(
    ctx: &mut Ctx,
    m: &Match,
    table: &DealTable,
    event: &BoardEvent,
) -> anyhow::Result<()> {
    let who = name(ctx, m, event.player);
    let what = if event.phase == Phase::Crib {
        "crib"
    } else {
        "hand"
    };
    let cards = show_cards(table, event);
    let why: Vec<String> = event.reasons.iter().map(ToString::to_string).collect();
    let said = said(table, event, &cards)?;
    let text = format!(
        "{} {what} {} + {}: {said} ({})",
        super::whose(&who),
        cards_text(&cards),
        card_text(table.starter),
        output::bold(event.points),
    );
    ctx.talk.say(
        &text,
        json!({"event": "count", "player": who, "what": what, "cards": cards_json(&cards),
               "starter": table.starter.to_string(), "points": event.points, "reasons": why,
               "said": said}),
    )?;
    Ok(())
}

/// A hand's or crib's count as it is said at the table.
fn said(table: &DealTable, event: &BoardEvent, cards: &[Card]) -> anyhow::Result<String> {
    let kind = if event.phase == Phase::Crib {
        HandKind::Crib
    } else {
        HandKind::Hand
    };
    let mut counted = cards.to_vec();
    counted.push(table.starter);
    Ok(Hand::from_cards(&counted, kind)?.breakdown().said())
}

/// Your count of your hand or crib (muggins): a number, `best` for the true count, `?` to see
/// it itemised. `None` if you quit.
fn ask_count(
    ctx: &mut Ctx,
    m: &Match,
    table: &DealTable,
    event: &BoardEvent,
) -> anyhow::Result<Option<u32>> {
    let what = if event.phase == Phase::Crib {
        "crib"
    } else {
        "hand"
    };
    let cards = show_cards(table, event);
    let question = format!(
        "Count your {what}, {} + {} (a number, ? or best):",
        cards_text(&cards),
        card_text(table.starter)
    );
    loop {
        let scene = scene(ctx, m, table);
        let details = json!({"what": what, "cards": cards_json(&cards),
                             "starter": table.starter.to_string()});
        match ctx.talk.ask(&question, "count", details, &scene)? {
            Reply::Quit | Reply::Ended => return Ok(None),
            Reply::Best => return Ok(Some(event.points)),
            Reply::Advice => {
                let kind = if event.phase == Phase::Crib {
                    HandKind::Crib
                } else {
                    HandKind::Hand
                };
                let mut counted = cards.clone();
                counted.push(table.starter);
                let hand = Hand::from_cards(&counted, kind)?;
                advice(ctx, &score::Report::new(hand, None, None), false)?;
            }
            Reply::Words(words) => match words.as_slice() {
                [one] if one.parse::<u32>().is_ok_and(|n| n <= 29) => {
                    let claimed: u32 = one.parse().unwrap_or(0);
                    tell_claim(ctx, m, event, claimed)?;
                    return Ok(Some(claimed));
                }
                _ => refuse(ctx, "give your count as a number from 0 to 29")?,
            },
        }
    }
}

fn tell_claim(ctx: &mut Ctx, m: &Match, event: &BoardEvent, claimed: u32) -> anyhow::Result<()> {
    let holds = event.points;
    let taker = ctx.settings.names[m.muggins_taker(event.player)].clone();
    let text = if claimed < holds {
        format!(
            "You claim {claimed}: it holds {holds}. Muggins! {taker} takes the {} you missed.",
            holds - claimed
        )
    } else if claimed > holds {
        format!("You claim {claimed}, but it holds {holds}: you peg {holds}.")
    } else {
        format!("You claim {claimed}: right.")
    };
    ctx.talk.say(
        &text,
        json!({"event": "muggins", "claimed": claimed, "holds": holds,
               "taken_by": (claimed < holds).then_some(taker), "missed": holds.saturating_sub(claimed)}),
    )?;
    Ok(())
}

/// What the screen shows above the messages: the board, then the deal.
fn scene(ctx: &Ctx, m: &Match, table: &DealTable) -> Vec<String> {
    let mut lines = ctx.board.lines();
    let you = m.seat_of(0);
    let dealer = name(ctx, m, m.game.players.dealer());
    let starter = if table.all_thrown() {
        format!(" · starter {}", card_text(table.starter))
    } else {
        String::new()
    };
    lines.push(format!(
        "Game {} to {} · deal {} · {}{starter}",
        m.games_played + 1,
        m.game.target,
        m.deal_number + 1,
        super::deals(&dealer)
    ));
    let played_out = table.all_thrown() && table.play_at().turn.is_none();
    let hand = if played_out {
        // The shows: the four cards kept.
        table.kept(you)
    } else if table.all_thrown() {
        table.in_hand(you)
    } else {
        table.dealt[you.index()].clone()
    };
    lines.push(format!("Your hand: {}", cards_text(&hand)));
    let on_count = table.on_count();
    if table.all_thrown() && !played_out {
        let cards: Vec<String> = on_count
            .iter()
            .map(|(seat, card)| format!("{} ({})", card_text(*card), name(ctx, m, *seat)))
            .collect();
        lines.push(format!(
            "Count {}: {}",
            table.play_at().count,
            cards.join(" ")
        ));
    }
    lines.push(String::from("─").repeat(40));
    lines
}
