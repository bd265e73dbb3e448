//! Giving back the memory that only start-up used.
//!
//! A service starts by running its migrations (code for three SQL dialects), seeding, checking its
//! configuration and building clients; none of that code runs again. Linux maps an executable's pages
//! as they are first touched, 64 KB around each fault, and keeps them mapped: two seconds after start
//! 15 of the system service's 22 MB of machine code were resident, though serving touches a fraction of
//! it. The five processes stood at 99 MB idle, 78 MB of it such pages (bench/README.md). Paging the
//! executable out once start-up is done leaves what serving touches, which faults back in from the
//! page cache on first use; the heap's freed start-up buffers go back to the system the same way.
//!
//! Nothing here changes what a process does, only what stays resident. On a kernel without
//! `MADV_PAGEOUT` (before 5.4) or another libc the calls fail and are ignored.

/// How long after the server starts the release happens: its workers build their apps and take their
/// first connections (the readiness probes) in the first moments, touching code of their own; released
/// before that, 11 MB of the system service's code came straight back.
const SETTLE: std::time::Duration = std::time::Duration::from_secs(1);

/// Releases start-up memory once the server that was just started has settled (`SETTLE`). Call from the
/// runtime that runs the server, after `HttpServer::run`.
pub fn release_startup_soon() {
    actix_web::rt::spawn(async {
        actix_web::rt::time::sleep(SETTLE).await;
        release_startup();
    });
}

/// Pages out this process's executable mappings and trims the heap.
pub fn release_startup() {
    let (paged, failed) = page_out_executable();
    let trimmed = trim_heap();
    tracing::debug!(paged_out_kb = paged / 1024, failed, trimmed, "start-up memory released");
}

/// The mappings of the executable itself (code, read-only data), from `/proc/self/maps`.
fn executable_ranges() -> Vec<(usize, usize)> {
    let Ok(exe) = std::fs::read_link("/proc/self/exe") else { return vec![] };
    let Ok(maps) = std::fs::read_to_string("/proc/self/maps") else { return vec![] };
    let exe = exe.to_string_lossy();
    maps.lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let range = fields.next()?;
            let perms = fields.next()?;
            let path = fields.nth(3)?;
            // Writable mappings hold relocated data and statics: those stay.
            if path != exe || perms.contains('w') {
                return None;
            }
            let (a, b) = range.split_once('-')?;
            Some((usize::from_str_radix(a, 16).ok()?, usize::from_str_radix(b, 16).ok()?))
        })
        .collect()
}

#[cfg(target_os = "linux")]
fn page_out_executable() -> (usize, bool) {
    let mut paged = 0;
    let mut failed = false;
    for (start, end) in executable_ranges() {
        // SAFETY: the range is one of this process's own file mappings, read-only, page-aligned as
        // /proc/self/maps prints them; MADV_PAGEOUT only drops clean pages, which fault back in on use.
        let rc = unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_PAGEOUT) };
        if rc == 0 {
            paged += end - start;
        } else {
            failed = true;
        }
    }
    (paged, failed)
}

#[cfg(not(target_os = "linux"))]
fn page_out_executable() -> (usize, bool) {
    (0, false)
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn trim_heap() -> bool {
    // SAFETY: malloc_trim only returns free memory of glibc's arenas to the system.
    unsafe { libc::malloc_trim(0) == 1 }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn trim_heap() -> bool {
    false
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    fn resident_kb_of_executable() -> usize {
        let exe = std::fs::read_link("/proc/self/exe").unwrap().to_string_lossy().into_owned();
        let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
        let mut ours = false;
        let mut kb = 0;
        for line in smaps.lines() {
            if line.contains('-') && line.split_whitespace().count() >= 5 && !line.ends_with(" kB") {
                ours = line.ends_with(exe.as_str()) && !line.split_whitespace().nth(1).unwrap_or("").contains('w');
            } else if ours && let Some(v) = line.strip_prefix("Rss:") {
                kb += v.trim().trim_end_matches(" kB").trim().parse::<usize>().unwrap();
            }
        }
        kb
    }

    #[test]
    fn the_executable_is_found_and_paged_out_and_the_process_goes_on() {
        let ranges = executable_ranges();
        assert!(!ranges.is_empty(), "the test binary's own mappings");
        let before = resident_kb_of_executable();
        release_startup();
        let after = resident_kb_of_executable();
        assert!(after < before, "resident code {before} kB -> {after} kB");
        // Code paged out runs again: it faults back in.
        assert_eq!(format!("{}", 6 * 7), "42");
    }
}
