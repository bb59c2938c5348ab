//! The grader: see the module docs (second slice).
