//! The octal atlas of `grundy serve`: its answers for codes of the
//! committed census (`data/octal/census`, `census-4`) and for a code
//! outside it, straight from the library and through a running server.

use crate::common;
use grundy::jobs::atlas::{Atlas, AtlasError, MAX_N, TIME_BOUND};
use serde_json::Value;
use std::path::Path;

fn atlas() -> Atlas {
    let a = Atlas::load(Path::new("data/octal"));
    assert!(a.notes().is_empty(), "{:?}", a.notes());
    a
}

/// Every code of up to four digits once: 2·8^4.
#[test]
fn lists_every_census_code_once() {
    let a = atlas();
    assert_eq!(a.len(), 8192);
    let list = a.list_json();
    let rows = list["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 8192);
    let columns: Vec<&str> = list["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let col = |name: &str| columns.iter().position(|c| *c == name).unwrap();
    let row = rows
        .iter()
        .find(|r| r[col("code")] == "0.137")
        .expect("0.137 listed");
    assert_eq!(row[col("status")], "periodic");
    assert_eq!(row[col("period")], 34);
    assert_eq!(row[col("pre_period")], 52);
    assert_eq!(row[col("digits")], 3);
    // 0.6 comes from the 3-digit census, computed to 2^22 there (2^20 in
    // the 4-digit one).
    let r6 = rows.iter().find(|r| r[col("code")] == "0.6").unwrap();
    assert_eq!(r6[col("computed_to")], 4_194_304);
    assert_eq!(r6[col("census")], "census");
}

/// Dawson's chess: period 34 from n = 52, and the claim `octal check`
/// reads, its values those of Guy and Smith's table.
#[test]
fn dawsons_chess_page() {
    let d = atlas().code_json("0.137", None).unwrap();
    assert_eq!(d["status"], "periodic");
    assert_eq!(d["period"], 34);
    assert_eq!(d["pre_period"], 52);
    assert_eq!(d["proof"], serde_json::json!([52, 141]));
    assert_eq!(d["computed_to"], 255);
    assert_eq!(d["max_value"], 9);
    assert_eq!(d["source"], "census");
    let values: Vec<u64> = d["claim"]["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(
        values,
        [
            8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0,
            4, 5, 3, 7, 4
        ]
    );
    let command = d["claim"]["command"].as_str().unwrap();
    assert!(
        command.starts_with("grundy octal check 0.137 --period 34 --values \"8 1 1 2 0 3"),
        "{command}"
    );
    assert!(command.contains("--exceptions \"0:0,"), "{command}");
    // The values listed: G(0..4) = 0, 1, 1, 2.
    assert_eq!(d["values"].as_array().unwrap()[..4], [0, 1, 1, 2]);
    let svg = d["plot"].as_str().unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("G(n) of 0.137 (dawsons-chess)"));
}

/// An unsettled code: the census's sparse space (mask 494 = 0x1ee, 1,583
/// rare values to n = 4,194,304), no claim, the plot to 2^20 − 1 (or as
/// far as the time bound let it go, which it then says).
#[test]
fn unsettled_page() {
    let d = atlas().code_json("0.6", None).unwrap();
    assert_eq!(d["status"], "unsettled");
    assert_eq!(d["period"], Value::Null);
    assert_eq!(d["claim"], Value::Null);
    assert_eq!(d["sparse"]["mask"], 494);
    assert_eq!(d["sparse"]["rare_count"], 1583);
    assert_eq!(d["sparse"]["last_rare"], 20627);
    let plotted = d["plotted_to"].as_u64().unwrap();
    if d["stopped"] == false {
        assert_eq!(plotted, (1 << 20) - 1);
    } else {
        assert!(plotted < (1 << 20) - 1);
    }
    assert!(d["plot"]
        .as_str()
        .unwrap()
        .contains("rare under mask 0x1ee"));
}

/// A code outside the census is computed: 0.00001 (take exactly five
/// tokens) has G(5) = 1 and every other value 0: period 1 from n = 6,
/// with the exception 5:1.
#[test]
fn code_outside_the_census_is_computed() {
    let d = atlas().code_json("0.00001", Some(100)).unwrap();
    assert_eq!(d["source"], "computed");
    assert_eq!(d["computed_to"], 100);
    assert_eq!(d["status"], "periodic");
    assert_eq!(d["period"], 1);
    assert_eq!(d["pre_period"], 6);
    assert_eq!(
        d["claim"]["command"],
        "grundy octal check 0.00001 --period 1 --values \"0\" --exceptions \"5:1\""
    );
    let e = atlas().code_json("0.00001", Some(MAX_N + 1)).unwrap_err();
    assert!(matches!(e, AtlasError::Request(_)), "{e:?}");
    assert!(
        e.to_string()
            .contains("past the atlas's bound of 1,048,576"),
        "{e}"
    );
    let e = atlas().code_json("0.8z", None).unwrap_err();
    assert!(e.to_string().contains("not an octal code"), "{e}");
}

/// The time bound holds however slow a heap is: 0.FFF splits heaps into
/// three, so each heap near n = 5,000 costs milliseconds and a stride of
/// 1,024 heaps seconds (it once answered after 19.6 s, polling its
/// deadline only between strides). The answer says it was cut short, how
/// far it got, and that it took no longer than its bound (the server's own
/// account of its promise, `seconds <= time_bound`).
#[test]
fn the_time_bound_holds_for_slow_heaps() {
    let d = atlas().code_json("0.FFF", Some(MAX_N)).unwrap();
    assert_eq!(d["source"], "computed");
    assert_eq!(d["stopped"], true);
    assert_eq!(d["asked_to"], MAX_N);
    let to = d["computed_to"].as_u64().unwrap();
    assert!((100..MAX_N as u64).contains(&to), "computed to {to}");
    assert_eq!(d["plotted_to"], to);
    assert_eq!(d["time_bound"], TIME_BOUND.as_secs());
    let seconds = d["seconds"].as_f64().unwrap();
    assert!(seconds <= TIME_BOUND.as_secs_f64(), "{seconds} s");
    // A quick answer is not cut short and says so.
    let d = atlas().code_json("0.00001", Some(100)).unwrap();
    assert_eq!(d["stopped"], false);
    assert!(d["seconds"].as_f64().unwrap() <= TIME_BOUND.as_secs_f64());
}

/// At most `computations` answers are computed at once: with every slot
/// taken, an answer to compute is refused as busy (a census code not yet
/// computed, or a code outside the census), while a wrong request is still
/// told what is wrong and a census answer computed before still comes from
/// the cache; a slot given back serves again.
#[test]
fn computations_are_capped() {
    let a = atlas().with_computations(2);
    assert_eq!(a.computations(), 2);
    assert_eq!(atlas().with_computations(0).computations(), 1);
    let cached = a.code_json("0.137", None).unwrap();
    let one = a.computing_slot().unwrap();
    let two = a.computing_slot().unwrap();
    assert_eq!(
        a.computing_slot().unwrap_err(),
        AtlasError::Busy { limit: 2 }
    );
    for (code, n) in [("0.77", None), ("0.00001", Some(100))] {
        let e = a.code_json(code, n).unwrap_err();
        assert_eq!(e, AtlasError::Busy { limit: 2 }, "{code}");
        assert!(e.to_string().contains("already computing 2"), "{e}");
    }
    assert!(matches!(
        a.code_json("0.8z", None),
        Err(AtlasError::Request(_))
    ));
    assert_eq!(a.code_json("0.137", None).unwrap(), cached);
    drop(one);
    assert_eq!(a.code_json("0.00001", Some(100)).unwrap()["period"], 1);
    // A refused request gives its slot back too.
    drop(two);
    let _slots = [a.computing_slot().unwrap(), a.computing_slot().unwrap()];
}

/// Without a census the atlas says where it looked and still computes.
#[test]
fn missing_census_degrades() {
    let a = Atlas::load(Path::new("no/such/dir"));
    assert!(a.is_empty());
    assert_eq!(a.notes().len(), 2);
    assert!(a.notes()[0].contains("no/such/dir/census/census.csv"));
    let d = a.code_json("0.77", Some(300)).unwrap();
    assert_eq!(d["source"], "computed");
    assert_eq!(d["period"], 12);
    assert_eq!(d["pre_period"], 71);
}

/// `grundy serve` on the 5x4 board with a station at (1, 3), and `args`.
fn server(args: &[&str]) -> common::Server {
    let mut all = vec!["--board", "5x4", "--station", "1,3"];
    all.extend_from_slice(args);
    common::server(&all)
}

fn get(url: &str) -> (u16, String) {
    let r = common::http_get(url);
    (r.status, r.body)
}

/// The pages and API through HTTP: the page at `/octal` and
/// `/octal/CODE`, JSON answers, and one-line errors with status 400.
#[test]
fn served_over_http() {
    let s = server(&[]);
    let (status, page) = get(&format!("{}octal", s.url));
    assert_eq!(status, 200);
    assert!(page.contains("<title>Octal atlas</title>"));
    let (status, page) = get(&format!("{}octal/0.137", s.url));
    assert_eq!(status, 200);
    assert!(page.contains("id=\"code-view\""));
    let (status, body) = get(&format!("{}api/octal/0.137", s.url));
    assert_eq!(status, 200);
    let d: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(d["period"], 34);
    for (path, says) in [
        ("api/octal/0.8z", "not an octal code"),
        ("api/octal/0.00001?n=abc", "is not a heap size"),
        ("api/octal/0.00001?n=2000000", "past the atlas's bound"),
    ] {
        let (status, body) = get(&format!("{}{path}", s.url));
        assert_eq!(status, 400, "{path}: {body}");
        let e: Value = serde_json::from_str(&body).unwrap();
        assert!(
            e["error"].as_str().unwrap().contains(says),
            "{path}: {body}"
        );
        assert!(!body.contains('\n'), "{path}: {body}");
    }
    // The explorer's API is still there beside the atlas.
    assert_eq!(get(&format!("{}api/info", s.url)).0, 200);
    let s = server(&["--octal-data", "no/such/dir"]);
    let (status, body) = get(&format!("{}api/octal", s.url));
    assert_eq!(status, 200);
    let d: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(d["rows"].as_array().unwrap().len(), 0);
    assert!(d["notes"][0].as_str().unwrap().contains("no/such/dir"));
}

/// Through HTTP, with one computing slot: while a slow code computes (0.00007
/// to n = 2^20 takes longer than the 10 s a request may compute), a second
/// code to compute gets 503, a one-line JSON error and `Retry-After`; the
/// first still gets its answer (cut short by the time bound).
#[test]
fn busy_atlas_answers_503() {
    let s = server(&["--atlas-computations", "1"]);
    let slow = format!("{}api/octal/0.00007?n={MAX_N}", s.url);
    // (Asked again should the other request hold the slot at that moment.)
    let first = std::thread::spawn(move || loop {
        let answer = get(&slow);
        if answer.0 != 503 {
            break answer;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    });
    let other = format!("{}api/octal/0.00001?n=100", s.url);
    let start = std::time::Instant::now();
    let busy = loop {
        let r = common::http_get(&other);
        match r.status {
            503 => break r,
            200 if start.elapsed().as_secs() < 8 => {
                // The slow request has not started computing yet.
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            code => panic!("no 503 while 0.00007 computes: {code}"),
        }
    };
    assert_eq!(busy.header("retry-after"), Some("1"));
    let body = busy.body;
    assert!(!body.contains('\n'), "{body}");
    let e: Value = serde_json::from_str(&body).unwrap();
    assert!(
        e["error"].as_str().unwrap().contains("already computing 1"),
        "{body}"
    );
    let (status, body) = first.join().unwrap();
    assert_eq!(status, 200, "{body}");
    let d: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(d["source"], "computed");
    assert_eq!(d["stopped"], true);
    // The slot is free again.
    assert_eq!(get(&other).0, 200);
}

/// `/api/octal?status=S&digits=D` keeps the codes of that status and
/// that many digits; a status that is none of the census's, digits that
/// are not a count, or another parameter get HTTP 400 and a one-line
/// error naming the bad value and the accepted ones.
#[test]
fn the_list_is_filtered_or_refused() {
    use std::collections::HashMap;
    let a = atlas();
    let ask = |pairs: &[(&str, &str)]| {
        let q: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        a.list_query(&q)
    };
    let rows = |v: &Value| v["rows"].as_array().unwrap().len();
    let all = ask(&[]).unwrap();
    assert_eq!(rows(&all), 8192);
    // Three digits: the code written with three after the point.
    let three = all["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r[0].as_str().unwrap().split('.').nth(1).unwrap().len() == 3)
        .count();
    let periodic3 = ask(&[("status", "periodic"), ("digits", "3")]).unwrap();
    let all3 = ask(&[("digits", "3")]).unwrap();
    assert_eq!(rows(&all3), three);
    assert!(three > 0);
    assert!(periodic3["rows"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r[2] == "periodic" && r[1] == 3));
    assert!(periodic3["rows"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r[0] == "0.137"));
    let periodic = rows(&ask(&[("status", "periodic")]).unwrap());
    let unsettled = rows(&ask(&[("status", "unsettled")]).unwrap());
    let arithmetic = rows(&ask(&[("status", "arithmetic")]).unwrap());
    assert_eq!(periodic + unsettled + arithmetic, 8192);
    assert!(periodic > 0 && unsettled > 0, "{periodic} {unsettled}");
    for (pairs, says) in [
        (
            &[("status", "foo")][..],
            "status \"foo\" is none of periodic, arithmetic, unsettled",
        ),
        (
            &[("digits", "x")][..],
            "digits \"x\" is not a count of digits",
        ),
        (&[("digits", "0")][..], "digits \"0\""),
        (
            &[("statu", "periodic")][..],
            "unknown parameter \"statu\": /api/octal takes status (periodic, arithmetic, unsettled) and digits",
        ),
    ] {
        match ask(pairs) {
            Err(AtlasError::Request(m)) => assert!(m.contains(says), "{pairs:?}: {m}"),
            other => panic!("{pairs:?}: {other:?}"),
        }
    }
}

/// Through HTTP: the filter, its 400, and a 404 that names every page and
/// endpoint the server has, each of which is there.
#[test]
fn filters_and_404_over_http() {
    let s = server(&[]);
    let (status, body) = get(&format!("{}api/octal?status=unsettled&digits=2", s.url));
    assert_eq!(status, 200, "{body}");
    let d: Value = serde_json::from_str(&body).unwrap();
    let rows = d["rows"].as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| r[2] == "unsettled" && r[1] == 2));
    let (status, body) = get(&format!("{}api/octal?status=foo", s.url));
    assert_eq!(status, 400, "{body}");
    assert!(!body.contains('\n'), "{body}");
    let e: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        e["error"],
        "status \"foo\" is none of periodic, arithmetic, unsettled"
    );
    let (status, body) = get(&format!("{}nothing-here", s.url));
    assert_eq!(status, 404);
    let e: Value = serde_json::from_str(&body).unwrap();
    let message = e["error"].as_str().unwrap();
    // Every path the message names answers (with a placeholder filled in,
    // perhaps 400 for a bad position), none 404.
    let paths: Vec<&str> = message
        .split([' ', ',', ';', '(', ')'])
        .filter(|w| w.starts_with('/'))
        .collect();
    for want in ["/", "/octal", "/octal/CODE", "/api/info"] {
        assert!(paths.contains(&want), "{want} in {message}");
    }
    for want in [
        "/api/position?p=",
        "/api/main-line?p=",
        "/api/octal[",
        "/api/octal/CODE",
    ] {
        assert!(
            paths.iter().any(|p| p.starts_with(want)),
            "{want} in {message}"
        );
    }
    for p in &paths {
        let url = p
            .replace("[?status=S&digits=D]", "?status=periodic&digits=2")
            .replace("[?n=N]", "?n=100")
            .replace("CODE", "0.137")
            .replace("POSITION", "x");
        let (status, body) = get(&format!("{}{}", s.url, url.trim_start_matches('/')));
        assert_ne!(status, 404, "{url}: {body}");
    }
}
