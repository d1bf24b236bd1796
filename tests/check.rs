//! `sudoku check --format BIN`, the special judge of a judge bin's whole output, run as a user
//! runs it: every expected output of `cases/` accepted, wrong ones refused with the case and
//! the fault. Expected verdicts come from the statements and hand reasoning (explained at
//! each case).

use crate::tool::{blanked, sudoku, swapped_answer, temp_files, ANSWER, SAMPLE};

#[test]
fn check_format_accepts_every_expected_output_of_its_bin() {
    // The case files' expected outputs come from statements and hand reasoning.
    for dir in std::fs::read_dir("cases").unwrap() {
        let dir = dir.unwrap().path();
        let bin = dir.file_name().unwrap().to_string_lossy().into_owned();
        for f in std::fs::read_dir(&dir).unwrap() {
            let input = f.unwrap().path();
            if input.extension().map_or(true, |e| e != "in") {
                continue;
            }
            let (input, output) = (input.to_string_lossy(), input.with_extension("out"));
            let output = output.to_string_lossy();
            let args = ["check", "--format", &bin, &input, &output, &output];
            assert_eq!(
                sudoku(&args, ""),
                (0, String::new(), String::new()),
                "{}",
                input
            );
        }
    }
}

/// `line` (81 cells) as 9 rows with `sep` between the cells of a row.
fn rows(line: &str, sep: &str) -> String {
    let cells: Vec<String> = line.chars().map(String::from).collect();
    cells.chunks(9).map(|r| r.join(sep) + "\n").collect()
}

/// `cases/<bin>/sample-1.<ext>`, the statement's sample.
fn sample_of(bin: &str, ext: &str) -> String {
    std::fs::read_to_string(format!("cases/{}/sample-1.{}", bin, ext)).unwrap()
}

/// Wrong outputs, each with the reason `check` gives.
type Wrong = Vec<(String, String)>;

#[test]
fn check_format_names_the_case_and_the_fault() {
    // P: the sample, one solution. Q: the sample answer with 4 cells blanked, two solutions:
    // ANSWER (row 1 starts with 1) and `swapped_answer` (starts with 9), so ANSWER is the
    // smallest. BAD: ANSWER with row 1 column 2 (blank in P) set to 3, the given beside it;
    // BAD_Q: with row 1 column 1 (blank in Q) set to 9, as in row 1 column 9.
    let p = SAMPLE.replace('\n', "");
    let q = blanked(&[0, 8, 18, 26]).replace('.', "0");
    let (a, s) = (ANSWER.to_string(), swapped_answer());
    let bad = format!("13{}", &ANSWER[2..]);
    let clash = "row 1 has 3 twice: row 1 column 2 and row 1 column 3";
    let bad_q = format!("9{}", &ANSWER[1..]);
    let clash_q = "row 1 has 9 twice: row 1 column 1 and row 1 column 9";
    let not_smallest = "a valid solution but not the smallest: row 1 column 1 holds 9 where \
                        the smallest holds 1";
    let missing = |k: usize, n: usize| {
        format!(
            "case {}: missing: the output ends after {} of {} answers",
            k,
            k - 1,
            n
        )
    };
    let extra = |line: usize, k: usize| {
        format!(
            "extra output: line {}, column 1: unexpected '1' after the answer to case {}",
            line, k
        )
    };
    // Per bin: input, an accepted output, then wrong outputs and their reasons.
    let spaced = |g: &str| rows(g, " ");
    // A filled grid as AOJ 0126 answers it: a space before each number, `*` at `marks`.
    let marked = |g: &str, marks: &[usize]| {
        let mut b: Vec<u8> = spaced(g)
            .lines()
            .flat_map(|l| format!(" {}\n", l).into_bytes())
            .collect();
        for &i in marks {
            b[i / 9 * 19 + i % 9 * 2] = b'*';
        }
        String::from_utf8(b).unwrap()
    };
    let (jigsaw_in, jigsaw_out) = (sample_of("hdu4069", "in"), sample_of("hdu4069", "out"));
    let formats: Vec<(&str, String, String, Wrong)> = vec![
        (
            "boj2239",
            rows(&q, ""),
            rows(&a, ""),
            vec![
                (rows(&s, ""), format!("case 1: {}", not_smallest)),
                (rows(&bad_q, ""), format!("case 1: {}", clash_q)),
                (String::new(), missing(1, 1)),
                (rows(&a, "") + "1\n", extra(10, 1)),
            ],
        ),
        (
            "boj2580",
            spaced(&q),
            spaced(&s),
            vec![
                (spaced(&bad_q), format!("case 1: {}", clash_q)),
                ("\n".to_string(), missing(1, 1)),
                (spaced(&a) + "1\n", extra(10, 1)),
            ],
        ),
        (
            "boj7681",
            format!("{}\n{}\nend\n", p, q),
            format!("{}\n{}\n", a, a),
            vec![
                (format!("{}\n{}\n", bad, a), format!("case 1: {}", clash)),
                (
                    format!("{}\n{}\n", a, s),
                    format!("case 2: {}", not_smallest),
                ),
                (format!("{}\n", a), missing(2, 2)),
                (format!("{}\n{}\n1\n", a, a), extra(3, 2)),
            ],
        ),
        (
            "kattis_sudokunique",
            format!("{}\n{}", spaced(&p), spaced(&q)),
            format!("{}\nNon-unique\n", spaced(&a)),
            vec![
                (
                    format!("{}\n{}", spaced(&a), spaced(&a)),
                    "case 2: the puzzle has several solutions: expected `Non-unique`, found \
                     a grid"
                        .to_string(),
                ),
                (
                    "Find another job\n\nNon-unique\n".to_string(),
                    "case 1: the puzzle has a solution, found `Find another job`".to_string(),
                ),
                (
                    format!("{}\nNon-unique\n", spaced(&bad)),
                    format!("case 1: {}", clash),
                ),
                (spaced(&a), missing(2, 2)),
                (format!("{}\nNon-unique\n1\n", spaced(&a)), extra(12, 2)),
            ],
        ),
        (
            "spoj_easudoku",
            format!("2\n{}{}", spaced(&p), spaced(&q)),
            spaced(&a).repeat(2),
            vec![
                (
                    spaced(&a) + &spaced(&s),
                    format!("case 2: {}", not_smallest),
                ),
                (spaced(&bad) + &spaced(&a), format!("case 1: {}", clash)),
                (
                    spaced(&a) + "No solution\n",
                    "case 2: the puzzle has a solution, found `No solution`".to_string(),
                ),
                (spaced(&a), missing(2, 2)),
                (spaced(&a).repeat(2) + "1\n", extra(19, 2)),
            ],
        ),
        (
            "spoj_novice42",
            format!("2\nGrid 01\n{}Grid 02\n{}", rows(&p, ""), rows(&q, "")),
            format!("Grid 01\n{}\nGrid 02\n{}", rows(&a, ""), rows(&a, "")),
            vec![
                (
                    format!("Grid 01\n{}\nGrid 2\n{}", rows(&a, ""), rows(&a, "")),
                    "case 2: line 12: expected the header `Grid 02`".to_string(),
                ),
                (
                    format!("Grid 01\n{}\nGrid 02\n{}", rows(&a, ""), rows(&s, "")),
                    format!("case 2: {}", not_smallest),
                ),
                (
                    format!("Grid 01\n{}\nGrid 02\n{}", rows(&bad, ""), rows(&a, "")),
                    format!("case 1: {}", clash),
                ),
                (format!("Grid 01\n{}", rows(&a, "")), missing(2, 2)),
                (
                    format!("Grid 01\n{}\nGrid 02\n{}1\n", rows(&a, ""), rows(&a, "")),
                    extra(22, 2),
                ),
            ],
        ),
        (
            "uva10957",
            format!("{}\n{}\n{}", spaced(&p), spaced(&q), spaced(&bad)),
            "Case 1: Unique.\nCase 2: Ambiguous.\nCase 3: Illegal.\n".to_string(),
            vec![
                (
                    "Case 1: Unique.\nCase 3: Ambiguous.\nCase 3: Illegal.\n".to_string(),
                    "case 2: line 2: expected `Case 2:`".to_string(),
                ),
                (
                    "Case 1: Unique.\nCase 2: Unique.\nCase 3: Illegal.\n".to_string(),
                    "case 2: the puzzle has several solutions: expected `Ambiguous.`, found \
                     `Unique.`"
                        .to_string(),
                ),
                (
                    "Case 1: Unique.\nCase 2: Ambiguous.\nCase 3: Impossible.\n".to_string(),
                    "case 3: two givens share a unit: expected `Illegal.`, found `Impossible.`"
                        .to_string(),
                ),
                ("Case 1: Unique.\n".to_string(), missing(2, 3)),
            ],
        ),
        (
            // BAD's row 1 holds 3 at columns 2 and 3; column 2 holds 3 at rows 1 and 7.
            "aoj0126",
            format!("1\n{}", spaced(&bad)),
            marked(&bad, &[1, 2, 55]),
            vec![
                (
                    marked(&bad, &[1, 2]),
                    "case 1: row 7 column 2: 3 appears again in its row, column or box, but \
                     has no `*`"
                        .to_string(),
                ),
                (
                    marked(&bad, &[0, 1, 2, 55]),
                    "case 1: row 1 column 1: 1 appears once in each of its units, but has a `*`"
                        .to_string(),
                ),
                (
                    marked(&a, &[1, 2, 55]),
                    "case 1: row 1 column 2 holds 4 but the input has 3".to_string(),
                ),
                (String::new(), missing(1, 1)),
            ],
        ),
        (
            // The statement's sample: case 1 unique (row 1 reads 521439678, row 5 starts
            // with 1), case 2 without a solution, case 3 with several.
            "hdu4069",
            jigsaw_in,
            jigsaw_out.clone(),
            vec![
                (
                    jigsaw_out.replace("Case 2:", "Case 3:"),
                    "case 2: line 11: expected the header `Case 2:`".to_string(),
                ),
                (
                    jigsaw_out.replace("No solution", "Multiple Solutions"),
                    "case 2: the puzzle has no solution: expected `No solution`, found \
                     `Multiple Solutions`"
                        .to_string(),
                ),
                (
                    // Row 1 columns 1 and 3 (blank) swapped: 1 in column 1 twice.
                    jigsaw_out.replace("521439678", "125439678"),
                    "case 1: column 1 has 1 twice: row 1 column 1 and row 5 column 1".to_string(),
                ),
                (
                    jigsaw_out.replace("Case 3:\nMultiple Solutions\n", ""),
                    missing(3, 3),
                ),
            ],
        ),
        (
            "atcoder_abc327c",
            spaced(&a),
            "Yes\n".to_string(),
            vec![
                (
                    "No\n".to_string(),
                    "case 1: the grid is valid: expected `Yes`, found `No`".to_string(),
                ),
                (String::new(), missing(1, 1)),
                ("Yes\n1\n".to_string(), extra(2, 1)),
            ],
        ),
    ];
    for (bin, input, accepted, wrong) in formats {
        let mut outputs = vec![accepted];
        outputs.extend(wrong.iter().map(|(o, _)| o.clone()));
        let mut files = vec![input.as_str()];
        files.extend(outputs.iter().map(String::as_str));
        let f = temp_files(&format!("check-{}", bin), &files);
        let judge = |output: &str| sudoku(&["check", "--format", bin, &f[0], output], "");
        assert_eq!(judge(&f[1]), (0, String::new(), String::new()), "{}", bin);
        for (k, (_, why)) in wrong.iter().enumerate() {
            let want = (1, String::new(), format!("wrong answer: {}\n", why));
            assert_eq!(judge(&f[k + 2]), want, "{}", bin);
        }
    }
}

#[test]
fn check_format_refuses_an_input_its_judge_never_gives() {
    // Two 1s in row 1: no solution, which BOJ 2239's output has no way to say.
    let clash = rows(&format!("11{}", "0".repeat(79)), "");
    let f = temp_files("check-no-answer", &[&clash, ""]);
    assert_eq!(
        sudoku(&["check", "--format", "boj2239", &f[0], &f[1]], ""),
        (
            2,
            String::new(),
            "error: case 1: the puzzle has no solution, and boj2239 has no answer for that\n"
                .to_string()
        )
    );
    let (code, _, err) = sudoku(&["check", "--format", "boj9999", &f[0], &f[1]], "");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: unknown format 'boj9999'"),
        "{}",
        err
    );
}
