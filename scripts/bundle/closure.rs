//! The library modules a bin reaches, by the bundler's own reading: the modules the bin's
//! paths name (`sudoku_kit::x`, or `x::` once imported), then those each reached module's
//! paths name in turn (`super::`, `self::`, a child's or a module's name). A reached module
//! brings its children whole: a child may only add an `impl` to its parent's type, which no
//! path names; [`super::items`] then drops what the bin cannot use.

use super::lex::{self, Kind};

/// A library module: its path from the crate root (`["solver", "sat"]`), its visibility, its
/// code up to its unit tests, and the children it declares (`mod x;`).
pub struct Module {
    pub path: Vec<String>,
    pub vis: String,
    pub code: String,
    pub children: Vec<String>,
}

/// Every module of the library, parents before their children, in `lib.rs` order.
pub fn library() -> Result<Vec<Module>, String> {
    let mut all = Vec::new();
    for (vis, name) in super::library()? {
        load(vec![name], vis, &mut all)?;
    }
    Ok(all)
}

/// Loads the module at `path` (`src/a/b.rs` or `src/a/b/mod.rs`) and its children into `all`.
fn load(path: Vec<String>, vis: String, all: &mut Vec<Module>) -> Result<(), String> {
    let file = format!("src/{}.rs", path.join("/"));
    let folder = format!("src/{}/mod.rs", path.join("/"));
    let (src, file) = match super::read(&file) {
        Ok(src) => (src, file),
        Err(_) => (super::read(&folder)?, folder),
    };
    let code = super::bundled_part(&src)
        .map_err(|e| format!("{}: {}", file, e))?
        .to_string();
    let declared: Vec<(String, String)> = code.lines().filter_map(declaration).collect();
    all.push(Module {
        path: path.clone(),
        vis,
        code,
        children: declared.iter().map(|(_, name)| name.clone()).collect(),
    });
    for (vis, name) in declared {
        let mut child = path.clone();
        child.push(name);
        load(child, vis, all)?;
    }
    Ok(())
}

/// `(vis, name)` of a `mod name;` line.
fn declaration(line: &str) -> Option<(String, String)> {
    let code = lex::without_comments(line);
    let (vis, name) = super::mod_declaration(code.trim())?;
    Some((vis.to_string(), name.to_string()))
}

/// Which modules of `library` the bin `main` reaches, with their ancestors.
pub fn reached(main: &str, library: &[Module]) -> Vec<bool> {
    let mut needed = vec![false; library.len()];
    let mut todo = paths(main, None, library);
    while let Some(path) = todo.pop() {
        for k in 1..=path.len() {
            let found = library.iter().position(|m| m.path[..] == path[..k]);
            if let Some(i) = found {
                if !needed[i] {
                    needed[i] = true;
                    let m = &library[i];
                    todo.extend(paths(&m.code, Some(m), library));
                    todo.extend(
                        m.children
                            .iter()
                            .map(|c| [&m.path[..], std::slice::from_ref(c)].concat()),
                    );
                }
            }
        }
    }
    needed
}

/// The module paths `code` names: from `sudoku_kit::` or a module's name in the bin (`at`
/// is `None`); from `self::`, `super::`, its children's or a module's name in library
/// module `at`.
fn paths(code: &str, at: Option<&Module>, library: &[Module]) -> Vec<Vec<String>> {
    let toks: Vec<&str> = lex::tokens(code)
        .into_iter()
        .filter(|t| t.kind != Kind::Space && t.kind != Kind::Comment)
        .map(|t| t.text)
        .collect();
    let mut found = Vec::new();
    for k in 0..toks.len() {
        if toks.get(k + 1) != Some(&"::") || (k > 0 && toks[k - 1] == "::") {
            continue;
        }
        let (base, next) = match (at, toks[k]) {
            (None, "sudoku_kit") => (Vec::new(), k + 2),
            (Some(m), "self") => (m.path.clone(), k + 2),
            (Some(m), "super") => {
                let (mut base, mut j) = (m.path.clone(), k);
                while toks[j] == "super" && toks.get(j + 1) == Some(&"::") {
                    base.pop();
                    j += 2;
                }
                (base, j)
            }
            (Some(m), name) if m.children.iter().any(|c| c == name) => {
                let mut base = m.path.clone();
                base.push(name.to_string());
                (base, k + 2)
            }
            (_, name) if library.iter().any(|m| m.path == [name]) => (vec![name.into()], k + 2),
            _ => continue,
        };
        follow(&toks, next, base, library, &mut found);
    }
    found
}

/// Follows the path that goes on at `toks[j]` from module `base` as far as it names modules,
/// into each member of a `{ ... }` group; pushes where each ends.
fn follow(
    toks: &[&str],
    mut j: usize,
    mut base: Vec<String>,
    library: &[Module],
    out: &mut Vec<Vec<String>>,
) {
    while let Some(&tok) = toks.get(j) {
        if tok == "{" {
            let mut depth = 0;
            for k in j..toks.len() {
                match toks[k] {
                    "{" => depth += 1,
                    "}" => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    break;
                }
                if depth == 1 && (toks[k] == "{" || toks[k] == ",") {
                    follow(toks, k + 1, base.clone(), library, out);
                }
            }
            return;
        }
        let mut next = base.clone();
        next.push(tok.to_string());
        if !library.iter().any(|m| m.path == next) {
            break;
        }
        base = next;
        if toks.get(j + 1) != Some(&"::") {
            break;
        }
        j += 2;
    }
    out.push(base);
}

/// The code of module `i` for the bundle: its children inlined in place of their `mod x;`
/// lines.
pub fn emit(library: &[Module], i: usize) -> String {
    let module = &library[i];
    let mut out = String::with_capacity(module.code.len());
    for line in module.code.lines() {
        let (vis, name) = match declaration(line) {
            Some(d) => d,
            None => {
                out.push_str(line);
                out.push('\n');
                continue;
            }
        };
        let mut path = module.path.clone();
        path.push(name.clone());
        // `library()` loaded every declared child, and `reached` takes them with their parent.
        if let Some(c) = library.iter().position(|m| m.path == path) {
            let at = &line[..line.len() - line.trim_start().len()];
            let body = emit(library, c);
            out.push_str(&format!("{}{}mod {} {{\n{}{}}}\n", at, vis, name, body, at));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(path: &str, code: &str, children: &[&str]) -> Module {
        Module {
            path: path.split('/').map(String::from).collect(),
            vis: "pub ".into(),
            code: code.into(),
            children: children.iter().map(|c| c.to_string()).collect(),
        }
    }

    #[test]
    fn a_bin_reaches_through_groups_children_and_super() {
        let library = [
            module("a", "", &[]),
            module("b", "mod c;\nfn f() { c::g(); }\n", &["c"]),
            module("b/c", "use super::super::a::X;\n", &[]),
            module("d", "pub mod e;\n", &["e"]),
            module("d/e", "", &[]),
        ];
        let main = "use sudoku_kit::{b::Y, zz};\n// sudoku_kit::d\nfn main() { d }\n";
        let needed = reached(main, &library);
        assert_eq!(needed, [true, true, true, false, false]);
        assert_eq!(
            emit(&library, 1),
            "mod c {\nuse super::super::a::X;\n}\nfn f() { c::g(); }\n"
        );
        assert_eq!(
            reached("sudoku_kit::d::e::f()", &library)[3..],
            [true, true]
        );
    }
}
