//! How glibc's allocator is set up for one short-lived compiler process. Its defaults suit
//! long-running servers with many threads, and cost a batch run (UVA 211's ten layouts,
//! 15 ms of work) about a tenth of its time in the kernel:
//!
//! - the compiler runs on its own thread (for its deep stack), and glibc gives a new thread
//!   a new arena grown a few pages at a time, each by a system call (115 `mprotect`s);
//! - blocks above a moving threshold are `mmap`ed and `munmap`ed on free, and with two
//!   threads every unmapping interrupts the other processors to flush their TLBs;
//! - the top of the heap is given back past 128 KiB free, and faulted in again on the next
//!   case.
//!
//! So: one arena (the main one, grown by `brk`), blocks below 32 MiB from the heap, the heap
//! grown 1 MiB at a time and kept up to 64 MiB. Pages are still only committed when touched.
//! Counting threads (`--threads`) allocate only as they start, so one arena costs them no
//! waiting. Other C libraries keep their defaults.

/// Sets the allocator up; called once, before the compiler thread starts.
pub fn tune() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // glibc's <malloc.h>.
        const M_TRIM_THRESHOLD: i32 = -1;
        const M_TOP_PAD: i32 = -2;
        const M_MMAP_THRESHOLD: i32 = -3;
        const M_ARENA_MAX: i32 = -8;
        unsafe extern "C" {
            fn mallopt(param: i32, value: i32) -> i32;
        }
        for (param, value) in
            [(M_ARENA_MAX, 1), (M_MMAP_THRESHOLD, 32 << 20), (M_TRIM_THRESHOLD, 64 << 20), (M_TOP_PAD, 1 << 20)]
        {
            // SAFETY: mallopt only changes the allocator's parameters; it is called before
            // any other thread exists. A value it refuses leaves the default.
            unsafe { mallopt(param, value) };
        }
    }
}
