/* A dedicated 15-puzzle solver for the benchmark (docs/performance.md): IDA* (Korf 1985)
 * under additive pattern databases (Korf & Felner 2002), as a user would write it by hand,
 * given the same groups of tiles as puzc derives. Not part of puzc.
 *
 * Usage: fifteen_pdb GROUPS < positions
 *   GROUPS: the tiles of each group, groups separated by '/', tiles by ',' (the groups of
 *   `puzc compile puzzles/fifteen-puzzle.puz --emit moves`, e.g. "1,2,5,3,6,9/4,8,7,12,11,10/13,14,15").
 *   Tiles in no group count by their Manhattan distance.
 * Input: positions, 16 numbers each (row-major, 0 the empty cell); the goal is 1..15 in rows
 * with the empty cell last. Output: per position, one line with the length of a shortest
 * solution; on stderr, the time the tables took and the nodes searched.
 *
 * The tables: for each group, a byte per placement of its tiles (ranked as a partial
 * permutation of the 16 cells), the fewest moves of the group's tiles to their goal cells,
 * the other tiles ignored; built by breadth-first search backwards from the goal placement.
 * The search: the blank moves up, down, left, right (puzc's spec order), a move that undoes
 * the previous one is skipped, a moved tile changes its group's entry only.
 * Build: cc -O2 -o fifteen_pdb bench/fifteen_pdb.c */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 16
#define MAXG 8

static int ngroups, gsize[N], group_of[N], slot_of[N];
static int gtile[N][MAXG];
static unsigned char *table[N];
static int md[N][N];
static int nbr[N][4], nnbr[N];
static int board[N], blank;
static unsigned char at[N][MAXG]; /* at[g][i]: the cell of group g's i-th tile */
static int hg[N];
static unsigned long long nodes;
static int next_bound;

static size_t entries(int k) {
    size_t e = 1;
    for (int i = 0; i < k; i++) e *= N - i;
    return e;
}

static size_t rank_of(const unsigned char *ps, int k) {
    size_t r = 0;
    for (int i = 0; i < k; i++) {
        int below = 0;
        for (int j = 0; j < i; j++) below += ps[j] < ps[i];
        r = r * (N - i) + (ps[i] - below);
    }
    return r;
}

static void build(int g) {
    int k = gsize[g];
    size_t size = entries(k);
    unsigned char *t = malloc(size);
    memset(t, 255, size);
    /* Layers as arrays of placements. */
    size_t cap = 1 << 16, len = 0, ncap = 1 << 16, nlen = 0;
    unsigned char *layer = malloc(cap * MAXG), *next = malloc(ncap * MAXG);
    unsigned char goal[MAXG];
    for (int i = 0; i < k; i++) goal[i] = gtile[g][i] - 1;
    t[rank_of(goal, k)] = 0;
    memcpy(layer, goal, MAXG);
    len = 1;
    for (int depth = 0; len > 0; depth++) {
        nlen = 0;
        for (size_t e = 0; e < len; e++) {
            unsigned char *ps = layer + e * MAXG;
            unsigned used = 0;
            for (int i = 0; i < k; i++) used |= 1u << ps[i];
            for (int j = 0; j < k; j++) {
                int x = ps[j];
                for (int m = 0; m < nnbr[x]; m++) {
                    int y = nbr[x][m];
                    if (used >> y & 1) continue;
                    ps[j] = y;
                    size_t r = rank_of(ps, k);
                    if (t[r] == 255) {
                        t[r] = depth + 1;
                        if (nlen == ncap) next = realloc(next, (ncap *= 2) * MAXG);
                        memcpy(next + nlen++ * MAXG, ps, MAXG);
                    }
                }
                ps[j] = x;
            }
        }
        unsigned char *sw = layer; layer = next; next = sw;
        size_t c = cap; cap = ncap; ncap = c;
        len = nlen;
    }
    free(layer);
    free(next);
    table[g] = t;
}

static int dfs(int g, int h, int bound, int prev) {
    int f = g + h;
    if (f > bound) {
        if (f < next_bound) next_bound = f;
        return 0;
    }
    if (h == 0) return 1;
    nodes++;
    for (int k = 0; k < nnbr[blank]; k++) {
        int to = nbr[blank][k];
        if (to == prev) continue;
        int tile = board[to], from = blank;
        int gr = group_of[tile], nh, old = 0, olde = 0;
        if (gr < 0) {
            nh = h - md[tile][to] + md[tile][from];
        } else {
            int s = slot_of[tile];
            old = at[gr][s];
            at[gr][s] = from;
            int e = table[gr][rank_of(at[gr], gsize[gr])];
            olde = hg[gr];
            nh = h - olde + e;
            hg[gr] = e;
        }
        board[from] = tile;
        board[to] = 0;
        blank = to;
        if (dfs(g + 1, nh, bound, from)) return 1;
        blank = from;
        board[to] = tile;
        board[from] = 0;
        if (gr >= 0) {
            at[gr][slot_of[tile]] = old;
            hg[gr] = olde;
        }
    }
    return 0;
}

static int solve(void) {
    int h = 0;
    for (int c = 0; c < N; c++) {
        int v = board[c];
        if (!v) blank = c;
        else if (group_of[v] < 0) h += md[v][c];
        else at[group_of[v]][slot_of[v]] = c;
    }
    for (int g = 0; g < ngroups; g++) h += hg[g] = table[g][rank_of(at[g], gsize[g])];
    for (int bound = h;;) {
        next_bound = 1 << 30;
        if (dfs(0, h, bound, -1)) return bound;
        bound = next_bound;
    }
}

int main(int argc, char **argv) {
    for (int v = 0; v < N; v++) group_of[v] = -1;
    if (argc > 1) {
        const char *s = argv[1];
        while (*s) {
            char *end;
            long v = strtol(s, &end, 10);
            if (end == s || v < 1 || v >= N || gsize[ngroups] == MAXG) {
                fprintf(stderr, "bad GROUPS\n");
                return 2;
            }
            group_of[v] = ngroups;
            slot_of[v] = gsize[ngroups];
            gtile[ngroups][gsize[ngroups]++] = v;
            s = end;
            if (*s == '/') ngroups++;
            if (*s) s++;
        }
        ngroups++;
    }
    for (int t = 1; t < N; t++)
        for (int c = 0; c < N; c++) md[t][c] = abs((t - 1) / 4 - c / 4) + abs((t - 1) % 4 - c % 4);
    for (int c = 0; c < N; c++) {
        int r = c / 4, col = c % 4;
        nnbr[c] = 0;
        if (r > 0) nbr[c][nnbr[c]++] = c - 4;   /* up */
        if (r < 3) nbr[c][nnbr[c]++] = c + 4;   /* down */
        if (col > 0) nbr[c][nnbr[c]++] = c - 1; /* left */
        if (col < 3) nbr[c][nnbr[c]++] = c + 1; /* right */
    }
    clock_t t0 = clock();
    for (int g = 0; g < ngroups; g++) build(g);
    fprintf(stderr, "tables: %.3f s\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    for (;;) {
        for (int c = 0; c < N; c++)
            if (scanf("%d", &board[c]) != 1) {
                fprintf(stderr, "nodes: %llu\n", nodes);
                return 0;
            }
        printf("%d\n", solve());
        fflush(stdout);
    }
}
