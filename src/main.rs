fn main() {
    std::process::exit(puzc::cli::main());
}
