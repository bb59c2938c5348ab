//! Move-search engine (in progress).
