//! `grundy monorail play`: a game against the perfect strategist in the
//! terminal, reading moves from standard input (so it can also be driven
//! by a script).

use crate::cli::common::{forced_loop, monorail_picture, BoardArgs};
use crate::cli::progress::Bars;
use grundy_games::monorail::position::Position;
use grundy_games::monorail::rules::{check_tiles, STANDARD_TILES};
use grundy_games::monorail::tablebase::{Answer, Tablebase};
use grundy_jobs::monorail_position::tablebase;
use std::io::{BufRead, IsTerminal, Write};

/// `grundy monorail play`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// Tile count T (6..=24; the show uses 16). The whole game is solved
    /// first.
    #[arg(long, default_value_t = STANDARD_TILES)]
    pub tiles: usize,
    #[command(flatten)]
    pub board: BoardArgs,
    /// Run even if the estimated memory of the solve exceeds what the
    /// machine has available.
    #[arg(long)]
    pub force: bool,
    /// Let the computer make the first move.
    #[arg(long)]
    pub computer_first: bool,
    /// Start from this position (compact notation, board coordinates with
    /// --board) instead of the empty board.
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub from: Option<String>,
}

const HELP: &str = "Type a move in compact notation (x,y,TYPE;... with TYPE one of NS EW NE NW SE SW: 1 to 3 tiles in a straight line), or: hint (every move with its value), undo (take back your last move), show, quit.";

/// Plays until the loop is finished, `quit` or the end of input.
///
/// # Errors
/// A bad tile count, board or start position; failed terminal I/O.
pub fn run(a: &PlayArgs, bars: &Bars) -> anyhow::Result<()> {
    let tiles = check_tiles(a.tiles)?;
    let board = a.board.board()?;
    let what = format!("monorail play --tiles {tiles}");
    let tb = tablebase(&what, tiles, board, a.force, bars)?;
    let start = match &a.from {
        Some(t) => tb.parse(t)?,
        None => Position::default(),
    };
    tb.query(&start)?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    // A terminal echoes the line typed, ending the prompt's line; from a
    // pipe or a file nothing does, so the answer would follow the prompt.
    let echo = !stdin.is_terminal();
    play(&tb, start, a.computer_first, echo, &mut input, &mut out)
}

/// The position drawn as `show` draws it, then its value.
fn status(tb: &Tablebase, out: &mut dyn Write, p: &Position, a: &Answer) -> std::io::Result<()> {
    let forced = forced_loop(tb.table(), p);
    write!(out, "{}", monorail_picture(tb.rules().board(), p, forced))?;
    writeln!(
        out,
        "position {}: *{} ({} loops left; values from the {})",
        tb.notation(p),
        a.nimber,
        a.loops_left,
        a.source.name()
    )
}

/// The longest line `play` reads; the rest of a longer line is skipped
/// unread into memory.
pub const MAX_LINE: u64 = 4096;

/// What [`read_line_within`] found.
enum Line {
    /// A line (or the last, unterminated one) in the buffer.
    Read,
    /// A line longer than [`MAX_LINE`], skipped to its end.
    TooLong,
    /// The end of input.
    End,
}

/// Reads one line of at most [`MAX_LINE`] bytes into `line`.
fn read_line_within(input: &mut dyn BufRead, line: &mut String) -> std::io::Result<Line> {
    use std::io::Read;
    let n = (&mut *input).take(MAX_LINE).read_line(line)?;
    if n == 0 {
        return Ok(Line::End);
    }
    if n as u64 == MAX_LINE && !line.ends_with('\n') {
        input.skip_until(b'\n')?;
        line.clear();
        return Ok(Line::TooLong);
    }
    Ok(Line::Read)
}

/// The game's state between turns.
struct Session<'t> {
    tb: &'t Tablebase,
    /// Positions before each of the human's turns.
    history: Vec<Position>,
    p: Position,
    computer_to_move: bool,
    /// Whether any move was made.
    moved: bool,
}

/// What to do after a line of input.
enum Next {
    /// Ask again (or let the computer move).
    Go,
    /// End the game.
    Quit,
}

impl Session<'_> {
    /// Says how the game ended, if the loop is finished.
    fn over(&self, out: &mut dyn Write, a: &Answer) -> std::io::Result<bool> {
        if !a.finished {
            return Ok(false);
        }
        status(self.tb, out, &self.p, a)?;
        if !self.moved {
            writeln!(
                out,
                "The loop is already complete: there is no move to play."
            )?;
        } else {
            writeln!(
                out,
                "The loop is complete: {} won.",
                if self.computer_to_move {
                    "you"
                } else {
                    "the computer"
                }
            )?;
        }
        Ok(true)
    }

    /// The perfect strategist's move.
    fn computer(&mut self, out: &mut dyn Write, a: &Answer) -> std::io::Result<()> {
        let (i, reason) = a.reply.expect("an unfinished position has a move");
        let m = &a.moves[i];
        writeln!(
            out,
            "computer plays {} ({})",
            self.tb.rules().notation(&m.tiles),
            reason.name()
        )?;
        self.p = m.position.clone();
        self.computer_to_move = false;
        self.moved = true;
        Ok(())
    }

    /// Carries out one line the human typed.
    fn command(&mut self, out: &mut dyn Write, a: &Answer, cmd: &str) -> std::io::Result<Next> {
        match cmd {
            "" => {}
            "quit" | "q" | "exit" => return Ok(Next::Quit),
            "help" | "?" => writeln!(out, "{HELP}")?,
            "show" => {}
            "hint" | "h" => {
                writeln!(
                    out,
                    "{} moves, each with the value it leaves (*0 wins):",
                    a.moves.len()
                )?;
                for m in &a.moves {
                    writeln!(
                        out,
                        "  {:<28} *{}{}",
                        self.tb.rules().notation(&m.tiles),
                        m.nimber,
                        if m.nimber == 0 { "  wins" } else { "" }
                    )?;
                }
            }
            "undo" | "u" => match self.history.pop() {
                Some(prev) => {
                    self.p = prev;
                    writeln!(out, "undone")?;
                }
                None => writeln!(out, "nothing to undo")?,
            },
            text => self.human(out, a, text)?,
        }
        Ok(Next::Go)
    }

    /// The human's move `text`, if legal.
    fn human(&mut self, out: &mut dyn Write, a: &Answer, text: &str) -> std::io::Result<()> {
        let mv = match self.tb.parse(text) {
            Ok(mv) => mv,
            Err(e) => return writeln!(out, "error: {e}"),
        };
        match a.moves.iter().find(|m| m.tiles == mv.tiles()) {
            Some(m) => {
                self.history.push(self.p.clone());
                self.p = m.position.clone();
                self.computer_to_move = true;
                self.moved = true;
                Ok(())
            }
            None => writeln!(
                out,
                "error: {} is not a legal move here (type hint for the list)",
                self.tb.notation(&mv)
            ),
        }
    }
}

/// The game loop, on any input and output (the tests drive it through
/// standard input). With `echo`, a line read ends the prompt's line, as a
/// terminal's echo of the typed line does, so every answer (the `hint`
/// list, an error, the computer's move) starts on a line of its own.
///
/// # Errors
/// Failed I/O; a failed lookup (a bug).
pub fn play(
    tb: &Tablebase,
    start: Position,
    computer_first: bool,
    echo: bool,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    writeln!(
        out,
        "Monorail, T = {}{}: you against the perfect strategist. {HELP}",
        tb.rules().tiles(),
        tb.rules()
            .board()
            .map_or(String::new(), |b| format!(", board {b}"))
    )?;
    let mut s = Session {
        tb,
        history: Vec::new(),
        p: start,
        computer_to_move: computer_first,
        moved: false,
    };
    let mut line = String::new();
    loop {
        let a = tb.query(&s.p)?;
        if s.over(out, &a)? {
            return Ok(());
        }
        if s.computer_to_move {
            s.computer(out, &a)?;
            continue;
        }
        status(tb, out, &s.p, &a)?;
        write!(
            out,
            "your move ({}): ",
            if a.nimber == 0 {
                "you are losing"
            } else {
                "you can win"
            }
        )?;
        out.flush()?;
        line.clear();
        let read = read_line_within(input, &mut line)?;
        if echo && !matches!(read, Line::End) {
            writeln!(out)?;
        }
        match read {
            Line::End => {
                writeln!(out)?;
                return Ok(());
            }
            Line::TooLong => {
                writeln!(
                    out,
                    "error: a line of more than {MAX_LINE} bytes was ignored (a move is a few dozen)"
                )?;
                continue;
            }
            Line::Read => {}
        }
        if let Next::Quit = s.command(out, &a, line.trim())? {
            return Ok(());
        }
    }
}
