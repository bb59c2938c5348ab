fn main() {
    println!("puzc: work in progress");
}
