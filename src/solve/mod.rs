//! Engines: exact cover with colours and multiplicities (`xcc`), move search (`moves`).
pub mod moves;
pub mod xcc;
