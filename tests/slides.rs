//! Walls between cells and slides (`walls BOARD ...`, `move ... slides ...`): specs written
//! here against a breadth-first search written here over the same rules.
use std::collections::{HashMap, VecDeque};
use std::process::Command;

fn puzc(args: &[&str]) -> (i32, String, String) {
    let out =
        Command::new(env!("CARGO_BIN_EXE_puzc")).current_dir(env!("CARGO_MANIFEST_DIR")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn write_spec(name: &str, text: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/slides-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// xorshift64, seeded: the same mazes on every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

const N: usize = 5;
const WAYS: [(i32, i32, u8, u8); 4] = [(-1, 0, 1, 4), (0, 1, 2, 8), (1, 0, 4, 1), (0, -1, 8, 2)];

/// Whether the step from `(r, c)` by `(dr, dc)` stays on the board and crosses no wall; a
/// wall is in the bits of either cell (1 above, 2 right, 4 below, 8 left).
fn open(bits: &[u8], (r, c): (i32, i32), (dr, dc, out, into): (i32, i32, u8, u8)) -> bool {
    let (nr, nc) = (r + dr, c + dc);
    if nr < 0 || nc < 0 || nr >= N as i32 || nc >= N as i32 {
        return false;
    }
    bits[r as usize * N + c as usize] & out == 0 && bits[nr as usize * N + nc as usize] & into == 0
}

/// Fewest moves of a lone robot from the top-left cell to `goal`: unit steps, or straight
/// slides stopping anywhere (`any distance`), breadth-first.
fn reference(bits: &[u8], goal: (i32, i32), far: bool) -> Option<usize> {
    let mut dist = HashMap::from([((0, 0), 0)]);
    let mut todo = VecDeque::from([(0, 0)]);
    while let Some(at) = todo.pop_front() {
        if at == goal {
            return Some(dist[&at]);
        }
        for way in WAYS {
            let mut p = at;
            while open(bits, p, way) {
                p = (p.0 + way.0, p.1 + way.1);
                if !dist.contains_key(&p) {
                    dist.insert(p, dist[&at] + 1);
                    todo.push_back(p);
                }
                if !far {
                    break;
                }
            }
        }
    }
    None
}

fn maze_spec(bits: &[u8], goal: (i32, i32), how: &str) -> String {
    let walls: Vec<String> =
        bits.chunks(N).map(|r| r.iter().map(|b| b.to_string()).collect::<Vec<_>>().join(" ")).collect();
    format!(
        "board maze[{N}, {N}]\npiece robot = \"#\"\ngiven maze = \"R{}\"\nwalls maze = \"{}\"\n\
         move go slides robot {how}\ngoal when maze({}, {}) == robot\nprint \"{{length}}\\n\"\n",
        ".".repeat(N * N - 1),
        walls.join("  "),
        goal.0,
        goal.1
    )
}

/// Random walls (each edge walled with probability 1/3, written on one of its cells or
/// both): puzc's fewest steps and fewest straight slides agree with the search above, and a
/// goal walled off is "no solution" (exit 1).
#[test]
fn walls_block_steps_and_slides_as_a_reference_search_says() {
    let mut rng = Rng(0x5eed_0f3a_1100);
    let (mut walled_off, mut longer) = (0, 0);
    for case in 0..12 {
        let mut bits = vec![0u8; N * N];
        for r in 0..N as i32 {
            for c in 0..N as i32 {
                for way in [WAYS[1], WAYS[2]] {
                    if rng.next().is_multiple_of(3) {
                        let (nr, nc) = (r + way.0, c + way.1);
                        if nr >= N as i32 || nc >= N as i32 {
                            continue;
                        }
                        match rng.next() % 3 {
                            0 => bits[r as usize * N + c as usize] |= way.2,
                            1 => bits[nr as usize * N + nc as usize] |= way.3,
                            _ => {
                                bits[r as usize * N + c as usize] |= way.2;
                                bits[nr as usize * N + nc as usize] |= way.3;
                            }
                        }
                    }
                }
            }
        }
        let goal = ((rng.next() % N as u64) as i32, (rng.next() % N as u64) as i32);
        let goal = if goal == (0, 0) { (N as i32 - 1, N as i32 - 1) } else { goal };
        for (how, far) in [("one step", false), ("any distance", true)] {
            let want = reference(&bits, goal, far);
            let path = write_spec(&format!("maze-{case}-{far}.puz"), &maze_spec(&bits, goal, how));
            let (code, out, err) = puzc(&["solve", &path]);
            match want {
                Some(n) => {
                    assert_eq!((code, out.trim()), (0, n.to_string().as_str()), "case {case} {how}: {err}");
                    longer += usize::from(!far && n > (goal.0 + goal.1) as usize);
                }
                None => {
                    assert_eq!(code, 1, "case {case} {how}: the goal is walled off\n{out}{err}");
                    walled_off += 1;
                }
            }
        }
    }
    // The walls mattered: some answers are longer than with no walls.
    assert!(longer > 0, "no maze made a detour ({walled_off} walled off)");
}
