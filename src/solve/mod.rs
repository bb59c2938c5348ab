//! Stage 4: engines (exact cover with colours and multiplicities; move search), and the
//! independent verifier that checks every answer before it is shown.
pub mod answer;
pub mod classes;
pub mod edges;
pub mod estimate;
pub mod fill;
pub mod generate;
pub mod moves;
pub mod partition;
pub mod progress;
pub mod sat;
pub mod split;
pub mod verify;
pub mod verify_moves;
pub mod xcc;
