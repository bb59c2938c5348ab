// Gnome Tetravex, ZOJ 1008 version: the second program of /work/shared/seeds/000_353a8a8c7f958061.txt
// (the one after "在附个zoj1008的代码"), copied verbatim. We use it rather than the SOJ 1111
// program above it, whose all-zero slot 0 swallows a `0 0 0 0` tile (see SEEDS-NOTES.md).
// Fixes (only what stops it compiling):
//   1. `cases` is used in `main` but never declared: declared below as a global starting at 1,
//      which is what `cases++` in the output line needs to print game numbers 1, 2, ...
// It prints `Game k: Possible|Impossible` with one blank line between games (ZOJ 1008).
#include <string.h>
#include <stdio.h>
#include <ctype.h>
#include <algorithm>
#include <iostream>
#include <queue>

using namespace std;

int cases = 1; // fix 1: was undeclared

const int maxn = 232 ;
int num , cnt[maxn] , nn , n , path[maxn] ;
bool vis[maxn] ;

struct node {
    int top , right , bottom , left ;
}block[maxn];

inline bool get(int &t)
{
    bool flag = 0 ;
    char c;
    while(!isdigit(c = getchar())&&c!='-') if( c == -1 ) break ;
    if( c == -1 ) return 0 ;
    if(c=='-') flag = 1 , t = 0 ;
    else t = c ^ 48;
    while(isdigit(c = getchar()))    t = (t << 1) + (t << 3) + (c ^ 48) ;
    if(flag) t = -t ;
    return 1 ;
}

const int cx[] = {1,-1,0,0};
const int cy[] = {0,0,1,-1};

bool dfs(int pos)
{
    if( pos == nn ) return true ;
    int x = pos / n ;
    int y = pos % n ;
    for ( int i = 0 ; i < num ; i++) if( cnt[i] )
    {
        if( x && block[path[pos-n]].bottom != block[i].top ) continue;
        if( y && block[path[pos-1]].right != block[i].left ) continue;
        path[pos] = i ;
        cnt[i]--;
        if(dfs(pos+1)) return 1 ;
        cnt[i]++;
    }
    return false ;
}

int main()
{
    int t , k , i , j ;
    for ( k = 1 ; get(n) && n ; k++)
    {
        num = 0 ;
        nn = n * n ;
        for( i = 0 ; i < nn ; i++)
        {
            get(block[num].top);    get(block[num].right); get(block[num].bottom); get(block[num].left);
            for( j = 0 ; j < num ; j++)
                if( block[num].top == block[j].top && 
                    block[num].bottom == block[j].bottom && 
                    block[num].right == block[j].right && 
                    block[num].left == block[j].left )
                    break;
            if( j == num ) cnt[num++] = 1 ;
            else cnt[j]++;
        }
	bool ff = dfs(0);
	if(k>1)
		puts("");
	cout<<"Game "<<cases++<<": ";
	if(ff)
		cout<<"Possible"<<endl;
	else cout<<"Impossible"<<endl;
    }
}
