// UVA 211 "The Domino Effect": the seed program of /work/shared/seeds/003_335acd880628cba9.txt,
// copied verbatim between its first `#include` and the closing brace of `main`.
// Fixes (only what stops it building or running outside the author's machine):
//   1. `#define ONLINE_JUDGE` below, so the `freopen("D:/MYCODE/...")` lines under
//      `#ifndef ONLINE_JUDGE` are compiled out and the program reads stdin / writes stdout.
// Known behaviour (not changed): it tries vertical placements first, so its maps come in
// another order than the official sample; tests compare maps as sets.
#define ONLINE_JUDGE
#include <cstring>
#include <cstdio>
#include <algorithm>

using namespace std;

int domi[10][10], id[400], ans[10][10], nums = 0, kase = 0;
bool vis[30];
const int dr[] = {1, 0}, dc[] = {0, 1};
inline int ID(int a, int b) { return (min(a, b) << 6) | max(a, b); }
inline bool check(int r, int c) { return r < 7 && c < 8; }
void init(){ memset(ans, 0, sizeof ans); memset(vis, 0, sizeof vis); nums = 0; }

void dfs(int r, int c, int num) {
    if (num == 28) {
        nums++;
        for (int i = 0; i < 7; i++) {
            for (int j = 0; j < 8; j++) { printf("%4d", ans[i][j]); }
            puts("");
        }
        puts("\n");
        return;
    }
    if (c == 8) r++, c = 0;
    if (ans[r][c]) { dfs(r, c + 1, num); return; }
    for (int i = 0; i < 2; i++) {
        int newr = r + dr[i], newc = c + dc[i];
        int x = ID(domi[r][c], domi[newr][newc]), res = id[x];
        if (!check(newr, newc) || vis[res] || ans[newr][newc]) continue;
        ans[r][c] = ans[newr][newc] = res, vis[res] = true;
        dfs(r, c + 1, num + 1);
        ans[r][c] = ans[newr][newc] = 0, vis[res] = false;

    }
}

int main () {
#ifndef ONLINE_JUDGE
    freopen("D:/MYCODE/vsCode-c/test.in", "r", stdin);
    freopen("D:/MYCODE/vsCode-c/test.out", "w", stdout);
#endif
    int cnt = 0;
    bool ok = true, f = true; 
    for (int i = 0; i <= 6; i++) {
        for (int j = i; j <= 6; j++) { id[ID(i, j)] = ++cnt; }
    }
    while (1) {
        for (int i = 0; i < 7 && ok; i++) {
            for (int j = 0; j < 8; j++) {
                if (!~scanf("%d", &domi[i][j])) { ok = false; break; }
            }
        }
        if (!ok) break;
        if (f) f = !f;
        else puts("\n\n\n\n");
        printf("Layout #%d:\n\n", ++kase);
        for (int i = 0; i < 7; i++) {
            puts("");
            for (int j = 0; j < 8; j++) printf("%4d", domi[i][j]);
        }
        printf("\n\nMaps resulting from layout #%d are:\n\n\n", kase);
        init();
        dfs(0, 0, 0);
        printf("There are %d solution(s) for layout #%d.\n", nums, kase);

    }
    return 0;
}
