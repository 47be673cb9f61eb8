//! The front door keeps its word: every `$ partizan …` line of the README's `console` blocks
//! runs, and prints what the README shows below it (on standard output, or for a failing
//! command, on standard error).

use crate::util::cli::run;

/// The words of a shell command line: blanks split words, `'…'` quotes everything, `"…"`
/// everything but `\"` and `\\`.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => {
                if let Some(w) = word.take() {
                    out.push(w);
                }
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    w.push(c);
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => {
                            let next = chars.next().expect("an escaped character");
                            if next != '"' && next != '\\' {
                                w.push('\\');
                            }
                            w.push(next);
                        }
                        c => w.push(c),
                    }
                }
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    out
}

#[test]
fn words_split_as_a_shell_splits_them() {
    assert_eq!(
        words("partizan eval \"{0|*} + ^\""),
        ["partizan", "eval", "{0|*} + ^"]
    );
    assert_eq!(
        words("eval 'a \"b\"' x\"\\\"\"y"),
        ["eval", "a \"b\"", "x\"y"]
    );
}

/// The commands of the `console` blocks of `text`, each with the output shown under it.
fn examples(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut in_console = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            out.push((command.to_string(), String::new()));
        } else if let Some((_, shown)) = out.last_mut() {
            shown.push_str(line);
            shown.push('\n');
        }
    }
    out
}

#[test]
fn the_readme_commands_print_what_it_shows() {
    let readme = include_str!("../../README.md");
    let examples = examples(readme);
    assert!(
        examples.len() >= 10,
        "only {} commands read",
        examples.len()
    );
    for (command, shown) in examples {
        let words = words(&command);
        assert_eq!(words[0], "partizan", "{command}");
        let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
        let r = run(&args);
        let printed = if r.status == 0 { &r.stdout } else { &r.stderr };
        assert_eq!(printed, &shown, "$ {command}");
    }
}
