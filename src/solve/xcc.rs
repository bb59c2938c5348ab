//! Exact-cover engine (in progress).
