//! What the operating system lets this process hold, as opposed to what the machine has:
//! the address-space limit (`ulimit -v`, `RLIMIT_AS`) and the memory limit of the process's
//! control group (cgroup v2 `memory.max`, v1 `memory.limit_in_bytes`, the lowest along the
//! group's path, since a parent's limit binds its children). A process that allocates past
//! either is refused memory (an abort) or killed, so the budget stays under both.
//!
//! Everything here reads files or asks the kernel once, when the budget is set; nothing is
//! on an allocation's path. Where the system does not say (not Linux, no cgroup mounted), a
//! limit is `None` and only the machine's memory bounds the budget.
use std::path::{Path, PathBuf};

/// The soft address-space limit (`ulimit -v`), when there is one.
#[cfg(unix)]
pub fn address_space_limit() -> Option<usize> {
    let mut r = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit only writes the struct it is given.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut r) } == 0;
    (ok && r.rlim_cur != libc::RLIM_INFINITY).then(|| usize::try_from(r.rlim_cur).unwrap_or(usize::MAX))
}

#[cfg(not(unix))]
pub fn address_space_limit() -> Option<usize> {
    None
}

/// The memory limit of the process's control group, read from `/proc/self/cgroup` and
/// `/proc/self/mountinfo` and the group's files under the cgroup mounts.
pub fn cgroup_limit() -> Option<usize> {
    let cgroup = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    cgroup_limit_from(&cgroup, &mountinfo, &|p| std::fs::read_to_string(p).ok())
}

/// [`cgroup_limit`] over the texts of `/proc/self/cgroup` and `/proc/self/mountinfo`, with
/// `read` for the group's files (tests pass their own).
pub fn cgroup_limit_from(cgroup: &str, mountinfo: &str, read: &dyn Fn(&Path) -> Option<String>) -> Option<usize> {
    let mut lowest: Option<usize> = None;
    for line in cgroup.lines() {
        // `hierarchy-id:controllers:path`; v2 is `0::path`.
        let mut parts = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next()) else { continue };
        let (v2, file) = if controllers.is_empty() {
            (true, "memory.max")
        } else if controllers.split(',').any(|c| c == "memory") {
            (false, "memory.limit_in_bytes")
        } else {
            continue;
        };
        let Some((root, mount)) = mount_of(mountinfo, v2) else { continue };
        // The group's directory: its path relative to the mount's root, under the mount point.
        let rel = path.strip_prefix(root.as_str()).unwrap_or(path).trim_start_matches('/');
        let mut dir = mount.join(rel);
        loop {
            if let Some(n) = read(&dir.join(file)).as_deref().and_then(parse_limit) {
                lowest = Some(lowest.map_or(n, |l| l.min(n)));
            }
            if dir == mount || !dir.pop() {
                break;
            }
        }
    }
    lowest
}

/// The (root, mount point) of the cgroup2 mount, or of the v1 mount with the memory
/// controller.
fn mount_of(mountinfo: &str, v2: bool) -> Option<(String, PathBuf)> {
    mountinfo.lines().find_map(|line| {
        // `id parent major:minor root mount-point options ... - fstype source super-options`
        let (left, right) = line.split_once(" - ")?;
        let fields: Vec<&str> = left.split(' ').collect();
        let mut rest = right.split(' ');
        let fstype = rest.next()?;
        let supers = rest.nth(1).unwrap_or("");
        let fits =
            if v2 { fstype == "cgroup2" } else { fstype == "cgroup" && supers.split(',').any(|o| o == "memory") };
        (fits && fields.len() >= 5).then(|| (fields[3].to_string(), PathBuf::from(unescape(fields[4]))))
    })
}

/// Mount points escape spaces and the like as `\040`.
fn unescape(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 3 < b.len() && b[i + 1..i + 4].iter().all(|c| (b'0'..=b'7').contains(c)) {
            out.push((b[i + 1] - b'0') * 64 + (b[i + 2] - b'0') * 8 + (b[i + 3] - b'0'));
            i += 4;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A limit file's content: bytes, or `max` (v2) or a value near 2^63 (v1's "unlimited").
fn parse_limit(s: &str) -> Option<usize> {
    let n: u64 = s.trim().parse().ok()?;
    (n < 1 << 62).then(|| usize::try_from(n).unwrap_or(usize::MAX))
}

/// A field of `/proc/self/status` in bytes (`VmSize`, `VmRSS`), where the system says.
pub fn status_bytes(field: &str) -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.strip_prefix(field).is_some_and(|r| r.starts_with(':')))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// The memory the system has available now (`MemAvailable` of `/proc/meminfo`), where it
/// says.
pub fn available() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn files(pairs: &[(&str, &str)]) -> impl Fn(&Path) -> Option<String> {
        let map: HashMap<PathBuf, String> = pairs.iter().map(|(p, s)| (PathBuf::from(p), s.to_string())).collect();
        move |p: &Path| map.get(p).cloned()
    }

    const MOUNTS: &str = "\
31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
36 31 0:33 / /sys/fs/cgroup/devices rw,relatime - cgroup cgroup rw,devices
41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
";

    #[test]
    fn cgroup_v2_takes_the_lowest_memory_max_along_the_path() {
        let mounts = "29 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n";
        let read = files(&[
            ("/sys/fs/cgroup/user.slice/memory.max", "4294967296\n"),
            ("/sys/fs/cgroup/user.slice/run.scope/memory.max", "max\n"),
            ("/sys/fs/cgroup/memory.max", "max\n"),
        ]);
        assert_eq!(cgroup_limit_from("0::/user.slice/run.scope\n", mounts, &read), Some(4 << 30));
        // No limit anywhere along the path.
        let read = files(&[("/sys/fs/cgroup/user.slice/run.scope/memory.max", "max\n")]);
        assert_eq!(cgroup_limit_from("0::/user.slice/run.scope\n", mounts, &read), None);
    }

    #[test]
    fn cgroup_v1_reads_memory_limit_in_bytes_of_the_memory_hierarchy() {
        let cgroup = "9:name=systemd:/\n4:memory:/jobs/j1\n0::/\n";
        let read = files(&[
            ("/sys/fs/cgroup/memory/jobs/j1/memory.limit_in_bytes", "536870912\n"),
            ("/sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n"),
            ("/sys/fs/cgroup/unified/memory.max", "max\n"),
        ]);
        assert_eq!(cgroup_limit_from(cgroup, MOUNTS, &read), Some(512 << 20));
        // v1's "unlimited" is a number near 2^63.
        let read = files(&[("/sys/fs/cgroup/memory/jobs/j1/memory.limit_in_bytes", "9223372036854771712\n")]);
        assert_eq!(cgroup_limit_from(cgroup, MOUNTS, &read), None);
    }

    #[test]
    fn a_mount_whose_root_is_the_group_itself_is_read_at_its_mount_point() {
        // Inside a container, the group's path begins with the mount's root.
        let mounts = "29 23 0:26 /kubepods/pod1 /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n";
        let read = files(&[("/sys/fs/cgroup/memory.max", "1073741824\n")]);
        assert_eq!(cgroup_limit_from("0::/kubepods/pod1\n", mounts, &read), Some(1 << 30));
        assert_eq!(unescape("/a\\040b"), "/a b");
    }

    #[test]
    fn the_process_status_says_how_much_it_holds() {
        if Path::new("/proc/self/status").exists() {
            let rss = status_bytes("VmRSS").unwrap();
            let size = status_bytes("VmSize").unwrap();
            assert!(rss > 0 && size >= rss, "VmRSS {rss}, VmSize {size}");
        }
    }
}
