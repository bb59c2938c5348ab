// Sudoku 16x16, POJ 3076: the C++ dancing-links program of /work/shared/seeds/001_5e5cdd013aa899a2.txt
// (after "poj3076 c++版"), copied verbatim except for line breaks. The stored text lost every line
// break of the program, which stops it compiling; the only fixes restore some of them:
//   1. each `#include <...>` is put on a line of its own (preprocessor directives need one);
//   2. a line break after each of the two `//cout...;` comments, which otherwise comment out
//      the rest of the program (`}` closing build(), and the call `DLX(clo[0],0);` in main).
// Nothing else is changed. Reads grids of 16 lines of `A`..`P` / `-` until end of input and
// prints each solved grid followed by a blank line.
#include <cstdio>
#include <algorithm>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>
#include <cassert>
#include <set>
const int oo=1073741819;using namespace std;struct pp{int l,r,w;}P[200000];set < int > g[5000];int l[200000],r[200000],u[200000],d[200000],R[200000],C[200000];int row[200000],clo[200000],id[20][20],S[200000];bool v[200000];int n,m,ss;char ch[20][20],ans[20][20];int ori(){    ++ss;    l[ss]=r[ss]=u[ss]=d[ss]=ss,R[ss]=C[ss]=0;S[ss]=0;    return ss;}void linkud(int x,int y){d[x]=y,u[y]=x;}void linklr(int x,int y){r[x]=y,l[y]=x;}void add(int x,int y){ori();    R[ss]=row[x],C[ss]=clo[y];int last=u[clo[y]];linkud(last,ss),linkud(ss,clo[y]);last=l[row[x]];linklr(last,ss),linklr(ss,row[x]);S[C[ss]]++;}void build(){    ss=0;for (int i=1;i<=n;i++) v[i]=0;    for (int i=1;i<=n;i++) row[i]=ori();    for (int i=0;i<=m;i++) clo[i]=ori();    for (int i=1;i<n;i++) linkud(row[i],row[i+1]);    linkud(row[n],row[1]);    for (int i=0;i<m;i++) linklr(clo[i],clo[i+1]);    linklr(clo[m],clo[0]);    for (int i=1;i<=n;i++) {set < int > :: iterator it=g[i].begin();for (;it!=g[i].end();it++)add(i,*it);}//cout<<ss<<endl;
}void del(int x){linklr(l[x],r[x]);for (int i=x;d[i]!=x;) {i=d[i];for (int y=i;r[y]!=i;) {y=r[y];if (R[y] && C[y]) {linkud(u[y],d[y]);S[C[y]]--;}}}}void rel(int x){linklr(l[x],x),linklr(x,r[x]);for (int i=x;u[i]!=x;) {i=u[i];for (int y=i;l[y]!=i;) {y=l[y];if (R[y] && C[y]) {linkud(u[y],y),linkud(y,d[y]);S[C[y]]++;}}}}bool DLX(int s,int step){if (r[s]==s) return 1;int x,Min=oo,Mini=0;for (int i=s;r[i]!=s;) {i=r[i];if (S[i]<Min)Min=S[i],Mini=i;}x=Mini,del(x);for (int i=x;d[i]!=x;) {i=d[i];for (int y=i;r[y]!=i;) {y=r[y];if (R[y] && C[y]) del(C[y]);}v[R[i]]=1;if (DLX(s,step+1)) return 1;v[R[i]]=0;for (int y=i;l[y]!=i;) {y=l[y];if (R[y] && C[y]) rel(C[y]);}}rel(x);return 0;}int main() {int tot=0;for (int lx=1;lx<=13;lx+=4)for (int ly=1;ly<=13;ly+=4) {++tot;for (int i=lx;i<=lx+3;i++)for (int j=ly;j<=ly+3;j++) id[i][j]=tot;}    for (;scanf("%s",ch[1]+1)==1;) {for (int i=2;i<=16;i++) scanf("%s",ch[i]+1);n=0,m=16*16+16*16*3;for (int i=1;i<=16;i++)for (int j=1;j<=16;j++)if (ch[i][j]=='-') {for (int k=1;k<=16;k++) {++n,g[n].clear();int p=(i-1)*16+j;g[n].insert(p);p=16*16+(i-1)*16+k;g[n].insert(p);p=16*16+16*16+(j-1)*16+k;g[n].insert(p);p=16*16+16*16*2+(id[i][j]-1)*16+k;g[n].insert(p);P[n].l=i,P[n].r=j,P[n].w=k+'A'-1;}}else {int k=ch[i][j]-'A'+1;++n,g[n].clear();int p=(i-1)*16+j;g[n].insert(p);p=16*16+(i-1)*16+k;g[n].insert(p);p=16*16+16*16+(j-1)*16+k;g[n].insert(p);p=16*16+16*16*2+(id[i][j]-1)*16+k;g[n].insert(p);P[n].l=i,P[n].r=j,P[n].w=k+'A'-1;}        build();//cout<<ss<<' '<<S[clo[1]]<<endl;
DLX(clo[0],0);for (int i=1;i<=n;i++)if (v[row[i]]) {ans[P[i].l][P[i].r]=P[i].w;}for (int i=1;i<=16;i++) {for (int j=1;j<=16;j++)printf("%c",ans[i][j]);printf("\n");}printf("\n");    }    return 0;}
