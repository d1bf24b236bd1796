//! The 324 exactly-one groups over the 729 variables, and the tables propagation reads.

pub(super) const VARS: usize = 729;
pub(super) const GROUPS: usize = 324;

/// The 9 variables of each group.
pub(super) const MEMBERS: [[u16; 9]; GROUPS] = members();

/// The 4 groups of each variable (its cell, and its digit in its row, column and box), each
/// with the variable's place among the group's members.
pub(super) const GROUPS_OF: [[(u16, u8); 4]; VARS] = groups_of();

pub(super) const fn members() -> [[u16; 9]; GROUPS] {
    let mut m = [[0u16; 9]; GROUPS];
    let mut i = 0;
    while i < 81 {
        let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
        let (row_k, col_k, box_k) = (c, r, r % 3 * 3 + c % 3);
        let mut d = 0;
        while d < 9 {
            let v = (9 * i + d) as u16;
            m[i][d] = v;
            m[81 + 9 * r + d][row_k] = v;
            m[162 + 9 * c + d][col_k] = v;
            m[243 + 9 * b + d][box_k] = v;
            d += 1;
        }
        i += 1;
    }
    m
}

pub(super) const fn groups_of() -> [[(u16, u8); 4]; VARS] {
    let mut g = [[(0u16, 0u8); 4]; VARS];
    let mut v = 0;
    while v < VARS {
        let (i, d) = (v / 9, v % 9);
        let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
        g[v] = [
            (i as u16, d as u8),
            ((81 + 9 * r + d) as u16, c as u8),
            ((162 + 9 * c + d) as u16, r as u8),
            ((243 + 9 * b + d) as u16, (r % 3 * 3 + c % 3) as u8),
        ];
        v += 1;
    }
    g
}

/// The places in digit group `g` of its members outside the unit through variable `v` in
/// which `g` locked its digit (as [`Sat::lock`]): a row's outside `v`'s box, a column's
/// likewise, a box's outside `v`'s row or column, whichever crosses the box.
pub(super) fn outside(g: usize, v: usize) -> u16 {
    let (r, c) = (v / 81, v / 9 % 9);
    let inside = match g / 81 {
        1 => third(c),
        2 => third(r),
        _ if r / 3 == (g - 243) / 27 => third(3 * (r % 3)),
        _ => box_column(c),
    };
    0o777 & !inside
}

/// Of a group's places 0..9, the third (0o7, 0o70 or 0o700) that holds place `p`: a line's
/// places in one box, or a box's row.
pub(super) fn third(p: usize) -> u16 {
    0o7 << (p / 3 * 3)
}

/// Of a box's places 0..9, the column (0o111, 0o222 or 0o444) that holds place `p`.
pub(super) fn box_column(p: usize) -> u16 {
    0o111 << (p % 3)
}

/// The literal "variable `v` is true".
pub fn holds(v: usize) -> u16 {
    2 * v as u16
}

/// The literal "variable `v` is false".
pub fn lacks(v: usize) -> u16 {
    2 * v as u16 + 1
}

/// Whether `m` has one bit or none: a group's last free member, or a conflict.
pub(super) fn lone(m: u16) -> bool {
    m & m.wrapping_sub(1) == 0
}

/// The units of another kind (bits 0-2: the thirds 0o7, 0o70, 0o700; 3-5: the columns
/// 0o111, 0o222, 0o444 of a box) that a group of kind `kind` (its slot in [`GROUPS_OF`]:
/// cell, row, column, box) has its free members `free` come to lie in now that its member
/// `k` is false: locked candidates, when not 0. Only digit groups lock, rows and columns in
/// boxes (thirds), boxes in rows (thirds) and columns.
pub(super) fn locked(kind: usize, free: u16, k: u8) -> u8 {
    LOCKS[free as usize] & ALERT[kind][k as usize] & !LONE
}

/// The units (as [`locked`]) that contain each place.
pub(super) const fn at() -> [u8; 9] {
    let mut t = [0; 9];
    let mut k = 0;
    while k < 9 {
        t[k] = 1 << (k / 3) | 1 << (3 + k % 3);
        k += 1;
    }
    t
}

/// A group's free mask marked settled: it has a true member, propagated (its other members
/// are struck), so it has nothing more to do.
pub(super) const SETTLED: u16 = 1 << 9;

/// Per free mask not settled: with two or more members, the units (as [`locked`]) that hold
/// them all; with one or none, [`LONE`].
pub(super) const LOCKS: [u8; 1024] = locks();

/// The bit of [`LOCKS`] for a last free member, or none.
pub(super) const LONE: u8 = 1 << 6;

/// Per kind of group and place of its member just set false, the bits of [`LOCKS`] that
/// mean work: [`LONE`] and the units [`locked`] looks at. One lookup for both tests.
pub(super) const ALERT: [[u8; 9]; 4] = alert();

pub(super) const fn alert() -> [[u8; 9]; 4] {
    const KINDS: [u8; 4] = [0, 0o7, 0o7, 0o77];
    const AT: [u8; 9] = at();
    let mut t = [[0; 9]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut k = 0;
        while k < 9 {
            t[kind][k] = LONE | KINDS[kind] & !AT[k];
            k += 1;
        }
        kind += 1;
    }
    t
}

pub(super) const fn locks() -> [u8; 1024] {
    const UNITS: [u16; 6] = [0o7, 0o70, 0o700, 0o111, 0o222, 0o444];
    let mut t = [0; 1024];
    let mut m: u16 = 0;
    while m < 512 {
        if m.count_ones() < 2 {
            t[m as usize] = LONE;
        } else {
            let mut u = 0;
            while u < 6 {
                if m & !UNITS[u] == 0 {
                    t[m as usize] |= 1 << u;
                }
                u += 1;
            }
        }
        m += 1;
    }
    t
}
