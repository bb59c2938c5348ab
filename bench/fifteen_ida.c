/* A dedicated 15-puzzle solver for bench/side_by_side.py: IDA* (Korf 1985) with the sum of
 * Manhattan distances, as a user would write it by hand. Not part of puzc.
 *
 * Input (stdin): positions, 16 numbers each (row-major, 0 the empty cell); the goal is
 * 1..15 in rows with the empty cell last. Output: per position, one line with the length of
 * a shortest solution. `fifteen_ida MAXNODES` gives up on a position after MAXNODES nodes
 * and prints -1 for it (the benchmark's generator uses this to keep positions it can time).
 *
 * The blank's moves are tried up, down, left, right (puzc's spec order), a move that undoes
 * the previous one is skipped, the bound moves incrementally: what the dedicated programs in
 * the literature do. Build: cc -O2 -o fifteen_ida bench/fifteen_ida.c */
#include <stdio.h>
#include <stdlib.h>

static int board[16], blank;
static int md[16][16]; /* md[tile][cell]: Manhattan distance of tile at cell to its goal */
static int nbr[16][4], nnbr[16];
static unsigned long long nodes, max_nodes;
static int next_bound;

/* Searches from `board` after g moves with distance sum h; `prev` is the cell the blank came
 * from (-1 at the root). Returns 1 when the goal is reached. */
static int dfs(int g, int h, int bound, int prev) {
    int f = g + h;
    if (f > bound) {
        if (f < next_bound) next_bound = f;
        return 0;
    }
    if (h == 0) return 1;
    if (++nodes > max_nodes) return 0;
    for (int k = 0; k < nnbr[blank]; k++) {
        int to = nbr[blank][k];
        if (to == prev) continue;
        int tile = board[to], from = blank;
        int nh = h - md[tile][to] + md[tile][from];
        board[from] = tile;
        board[to] = 0;
        blank = to;
        if (dfs(g + 1, nh, bound, from)) return 1;
        blank = from;
        board[to] = tile;
        board[from] = 0;
        if (nodes > max_nodes) return 0;
    }
    return 0;
}

static int solve(void) {
    int h = 0;
    for (int c = 0; c < 16; c++) {
        if (board[c]) h += md[board[c]][c];
        else blank = c;
    }
    nodes = 0;
    for (int bound = h;;) {
        next_bound = 1 << 30;
        if (dfs(0, h, bound, -1)) return bound;
        if (nodes > max_nodes) return -1;
        bound = next_bound;
    }
}

int main(int argc, char **argv) {
    max_nodes = argc > 1 ? strtoull(argv[1], 0, 10) : ~0ULL;
    for (int t = 1; t < 16; t++)
        for (int c = 0; c < 16; c++) {
            int goal = t - 1;
            md[t][c] = abs(goal / 4 - c / 4) + abs(goal % 4 - c % 4);
        }
    for (int c = 0; c < 16; c++) {
        int r = c / 4, col = c % 4;
        nnbr[c] = 0;
        if (r > 0) nbr[c][nnbr[c]++] = c - 4;   /* up */
        if (r < 3) nbr[c][nnbr[c]++] = c + 4;   /* down */
        if (col > 0) nbr[c][nnbr[c]++] = c - 1; /* left */
        if (col < 3) nbr[c][nnbr[c]++] = c + 1; /* right */
    }
    for (;;) {
        for (int c = 0; c < 16; c++)
            if (scanf("%d", &board[c]) != 1) return 0;
        printf("%d\n", solve());
        fflush(stdout);
    }
}
