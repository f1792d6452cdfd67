//! Every family's component value in `grundy sum` equals what the family's
//! own command prints, over all small positions, and a component alone has
//! the winning moves its own command lists. (A one-cell Treblecross row
//! once counted as *0 in a sum while `grundy treblecross .` said *1.)

use crate::common;

use crate::common::grundy;
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

fn json(args: &[&str]) -> Value {
    let o = grundy(args, std::path::Path::new("."));
    assert!(
        o.status.success(),
        "grundy {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).expect("JSON")
}

/// The nimbers `grundy sum --json` gives the components of `parts`, in order.
fn sum_nimbers(parts: &[String]) -> Vec<u64> {
    let v = json(&["sum", "--json", &parts.join(" + ")]);
    v["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["nimber"].as_u64().unwrap())
        .collect()
}

/// Every row of `len` cells without three in a row.
fn rows(len: usize) -> Vec<String> {
    (0u32..1 << len)
        .map(|bits| {
            (0..len)
                .map(|i| if bits >> i & 1 == 1 { 'X' } else { '.' })
                .collect::<String>()
        })
        .filter(|r| !r.contains("XXX"))
        .collect()
}

#[test]
fn treblecross_rows_of_up_to_10_cells() {
    let mut checked = 0;
    for len in 1..=10 {
        let all = rows(len);
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["treblecross", "--batch", "-", "--json"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all((all.join("\n") + "\n").as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        // Rows with an immediate win have no value and are no summands.
        let settled: Vec<(String, u64, Vec<u64>)> = v["answers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["immediate"] == false)
            .map(|a| {
                let cells = a["winning_moves"].as_array().unwrap();
                (
                    a["position"].as_str().unwrap().to_string(),
                    a["nimber"].as_u64().unwrap(),
                    cells.iter().map(|c| c.as_u64().unwrap()).collect(),
                )
            })
            .collect();
        let parts: Vec<String> = settled
            .iter()
            .map(|(r, _, _)| format!("treblecross:{r}"))
            .collect();
        let in_sum = sum_nimbers(&parts);
        for ((row, own, _), got) in settled.iter().zip(&in_sum) {
            assert_eq!(got, own, "treblecross:{row} in a sum");
        }
        checked += settled.len();
        // Alone in a sum, the winning cells are the command's own.
        if len <= 6 {
            for (row, own, cells) in &settled {
                let v = json(&["sum", "--json", "--all", &format!("treblecross:{row}")]);
                assert_eq!(v["nimber"].as_u64(), Some(*own), "{row}");
                let moves: Vec<String> = v["winning_moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m["move"].as_str().unwrap().to_string())
                    .collect();
                let expected: Vec<String> = cells
                    .iter()
                    .map(|&c| {
                        let mut after: Vec<char> = row.chars().collect();
                        after[c as usize - 1] = 'X';
                        let after: String = after.into_iter().collect();
                        format!("X in cell {c}, leaving {after}")
                    })
                    .collect();
                assert_eq!(moves, expected, "winning moves of treblecross:{row}");
            }
        }
    }
    // Every row where no empty cell completes three in a row was compared.
    let expected = (1..=10)
        .flat_map(rows)
        .filter(|r| {
            (0..r.len()).all(|i| {
                let mut b = r.clone().into_bytes();
                b[i] = b'X';
                r.as_bytes()[i] == b'X' || !String::from_utf8(b).unwrap().contains("XXX")
            })
        })
        .count();
    assert_eq!(checked, expected);
    assert!(checked > 150, "{checked} rows");
}

#[test]
fn short_treblecross_rows_in_a_sum_with_nim() {
    // The case that was wrong: `.` is *1, so `. + nim:1` is a P-position.
    for (row, value) in [(".", 1), (".X", 1), ("X.", 1), ("..", 0), ("X", 0)] {
        let v = json(&["sum", "--json", &format!("treblecross:{row} + nim:1")]);
        assert_eq!(v["components"][0]["nimber"], value, "{row}");
        assert_eq!(v["nimber"], value ^ 1, "{row}");
        assert_eq!(v["first_player_wins"], value != 1, "{row}");
        let moves = v["winning_moves"].as_array().unwrap();
        assert_eq!(moves.is_empty(), value == 1, "{row}: {moves:?}");
    }
}

#[test]
fn octal_heaps_up_to_200() {
    for code in [
        "kayles",
        "dawsons-chess",
        "dawsons-kayles",
        "treblecross",
        "0.6",
        "0.137",
        "4.07",
        "0.156",
        "hex:0.8F",
    ] {
        let o = grundy(
            &["octal", "seq", code, "--max-n", "200", "--quiet"],
            std::path::Path::new("."),
        );
        assert!(o.status.success(), "{code}");
        let own: Vec<u64> = String::from_utf8(o.stdout)
            .unwrap()
            .lines()
            .skip(1)
            .map(|l| l.split(',').nth(1).unwrap().parse().unwrap())
            .collect();
        assert_eq!(own.len(), 201, "{code}");
        // `treblecross:N` would be a row; the game 0.007 is written by code.
        let name = if code == "treblecross" { "0.007" } else { code };
        let parts: Vec<String> = (0..=200).map(|n| format!("{name}:{n}")).collect();
        assert_eq!(sum_nimbers(&parts), own, "{code}");
    }
}

#[test]
fn coin_rows_of_up_to_7_coins() {
    for rule in [
        "turtles",
        "mock-turtles",
        "ruler",
        "upto(3)",
        "exactly(2)",
        "run(3)|upto(2)",
    ] {
        let mut parts = Vec::new();
        let mut own = Vec::new();
        for len in 1..=7 {
            for bits in 0u32..1 << len {
                let row: String = (0..len)
                    .map(|i| if bits >> i & 1 == 1 { 'H' } else { 'T' })
                    .collect();
                let v = json(&["coins", rule, &row, "--json"]);
                own.push(v["nimber"].as_u64().unwrap());
                parts.push(format!("coins:{rule}:{row}"));
            }
        }
        assert_eq!(sum_nimbers(&parts), own, "{rule}");
    }
}

#[test]
fn monorail_positions_of_t10() {
    let d = tempfile::tempdir().unwrap();
    let o = grundy(
        &[
            "monorail", "solve", "--tiles", "10", "--from", "-", "--out", "m", "--quiet",
        ],
        d.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let moves = std::fs::read_to_string(d.path().join("m/moves.csv")).unwrap();
    let mut rdr = csv::Reader::from_reader(moves.as_bytes());
    let rows: Vec<(String, u64)> = rdr
        .records()
        .map(|r| {
            let r = r.unwrap();
            (r[0].to_string(), r[2].parse().unwrap())
        })
        .collect();
    assert!(rows.len() > 20, "{} first moves", rows.len());
    let parts: Vec<String> = rows
        .iter()
        .map(|(m, _)| format!("monorail:10:{m}"))
        .collect();
    let in_sum = sum_nimbers(&parts);
    for ((m, own), got) in rows.iter().zip(&in_sum) {
        assert_eq!(got, own, "monorail:10:{m}");
    }
    // And `monorail show` agrees, with the same winning moves.
    for (m, own) in rows.iter().take(12) {
        let show = json(&["monorail", "show", "--tiles", "10", m, "--json"]);
        assert_eq!(show["nimber"].as_u64(), Some(*own), "{m}");
        let s = json(&["sum", "--json", "--all", &format!("monorail:10:{m}")]);
        let mut listed: Vec<String> = s["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| {
                w["move"]
                    .as_str()
                    .unwrap()
                    .trim_start_matches("play ")
                    .to_string()
            })
            .collect();
        let mut wins: Vec<String> = show["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_str().unwrap().to_string())
            .collect();
        listed.sort();
        wins.sort();
        assert_eq!(listed, wins, "{m}");
    }
}

#[test]
fn graph_vertices() {
    let d = tempfile::tempdir().unwrap();
    // A random acyclic graph with repeated edges, and one cycle apart.
    let mut csv = String::from("from,to\n");
    let mut x: u64 = 12345;
    for u in 0..60u32 {
        for _ in 0..3 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let v = u + 1 + (x >> 33) as u32 % 7;
            csv.push_str(&format!("v{u},v{v}\n"));
        }
    }
    csv.push_str("p,q\nq,p\nq,v3\nr,s\ns,r\n");
    let file = d.path().join("g.csv");
    std::fs::write(&file, csv).unwrap();
    let file = file.to_str().unwrap().to_string();
    let own = json(&["graph", &file, "--json"]);
    let mut parts = Vec::new();
    let mut values = Vec::new();
    let mut loopy = 0;
    for v in own["values"].as_array().unwrap() {
        let name = v["vertex"].as_str().unwrap();
        match v["grundy"].as_u64() {
            Some(g) => {
                parts.push(format!("graph:{file}:{name}"));
                values.push(g);
            }
            None => {
                // A loopy value is refused in a sum, never given a nimber.
                let o = grundy(&["sum", &format!("graph:{file}:{name}")], d.path());
                common::one_line_error(&o, "loopy");
                loopy += 1;
            }
        }
    }
    assert!(values.len() > 60);
    assert!(loopy >= 2, "r and s are loopy");
    assert_eq!(sum_nimbers(&parts), values);
}
