// Seed program for NOIP 2011 "Mayan game" (Luogu P1312), extracted from the blog post in
// the project seed file seeds/002_9b7d8b2908cc929e.txt (qwqSW, 2025-11-05), section "我已是完全之P1312".
// Fixes needed to compile with g++ -O2: none. The code below is verbatim; only this comment
// was added. Known defects (SEEDS-NOTES.md): move order is not lexicographic when (x,y) is
// empty (it tries "x+1 y -1" at the position of "x y 1"); clr() empties cells while still
// scanning, so a row run crossing a column run crossing another row run is only partly
// removed; the crossing check in the vertical pass stops at column 1 (`dn>1`); no memo.
// It prints "-1" without a trailing newline.
#include<bits/stdc++.h>
#define int long long
using namespace std;

inline int read(){
	int x=0,f=1;char c=getchar();
	while(c<48){
		if(c=='-') f=-1;
		c=getchar();
	}
	while(c>47) x=(x<<1)+(x<<3)+(c^48),c=getchar();
	return x*f;
}

const int N=12;
int n,a[N][N],sum[N],qwq=0;
struct sw{
	int x,y,op;
}ans[N];

inline bool ept(int p[N][N]){
	for(int i=0;i<5;i++){
		for(int j=0;j<7;j++){
			if(p[i][j]) return 0;
		}
	}
	return 1;
}

inline void copy(int p[N][N],int q[N][N]){
	for(int i=0;i<5;i++){
		for(int j=0;j<7;j++){
			p[i][j]=q[i][j];
		}
	}
}

inline void drop(int p[N][N]){
	int c[N][N];
	for(int i=0;i<5;i++){
		int k=-1;
		//k:指针，指向当前c数组存储到哪里了 
		for(int j=0;j<7;j++) c[i][j]=0;
		for(int j=0;j<7;j++){
			if(p[i][j]) c[i][++k]=p[i][j];
			//非0就让它"下落"
		}
	}
	//不要忘了最后的copy 
	copy(p,c);
}

inline bool clr(int p[N][N]){
	//警示后人：不要写错变量名 
	//横向消除 
	bool fl=0;
	for(int j=0;j<7;j++){
		for(int i=0;i<3;i++){
			//当前格如果没有数字就别消了 
			if(!p[i][j]) continue;
			int xx;
			//注意细节边界问题 
			//找到最靠下的xx
			for(xx=i;xx+1<5&&p[xx+1][j]==p[i][j];xx++);
			if(xx-i+1>=3){//可消
				//注意，此时竖向也可能消，所以要额外判断竖直方向。 
				for(int k=i;k<=xx;k++){
					int up=j,dn=j;
					//判好边界条件 
					while(up+1<7&&p[k][j]==p[k][up+1]) up++;
					while(dn>0&&p[k][j]==p[k][dn-1]) dn--;
					if(up-dn+1>=3){//竖向可消 
						for(int l=dn;l<=up;l++) p[k][l]=0;
					}
					else p[k][j]=0;//竖向不可消 
				}
				fl=1;//进行了消除 
			}
		}
	}
	//纵向消除（注释同上） 
	for(int i=0;i<5;i++){
		for(int j=0;j<5;j++){
			if(!p[i][j]) continue;
			int yy;
			//注意细节边界问题 
			for(yy=j;yy+1<7&&p[i][j]==p[i][yy+1];yy++);
			if(yy-j+1>=3){
				for(int k=j;k<=yy;k++){
					int up=i,dn=i;
					//注意不要把k打成j（我当时就这么干的。。。） 
					while(up<4&&p[up][k]==p[up+1][k]) up++;//
					while(dn>1&&p[dn][k]==p[dn-1][k]) dn--;//
					if(up-dn+1>=3){
						for(int l=dn;l<=up;l++) p[l][k]=0;
					}
					else p[i][k]=0;
				}
				fl=1;
			}
		}
	}
	return fl;
}

inline void dfs(int stp){
	if(stp>n){
		if(ept(a)){
			for(int i=1;i<=n;i++){
				//注意交换完后真正移动的是哪里 
				if(ans[i].op==-1) printf("%lld %lld %lld\n",ans[i].x+1,ans[i].y,ans[i].op);
				else printf("%lld %lld %lld\n",ans[i].x,ans[i].y,ans[i].op);
			}
			exit(0);
		}
		//注意就算不合法也要先返回 
		return ;
	}
	//判断当前是否已经无解 
	for(int i=0;i<=10;i++){
		sum[i]=0;
	}
	for(int i=0;i<5;i++){
		for(int j=0;j<7;j++){
			sum[a[i][j]]++;
		}
	}
	for(int i=1;i<=10;i++){
		if(0<sum[i]&&sum[i]<3) return ;
	}
	for(int i=0;i<4;i++){
		for(int j=0;j<7;j++){
			//两个位置至少要有一个位置有数，否则不合法 
			if(a[i][j]||a[i+1][j]){
				//b数组一定要开在dfs里面，否则你a回溯回来b也变了 
				int b[N][N];
				copy(b,a);
				//注意语句位置 
				ans[stp]={i,j,(a[i][j]?1:-1)};
				swap(a[i][j],a[i+1][j]);
				drop(a);
				while(clr(a)) drop(a);
				dfs(stp+1);
				//一定要记得把a数组还原回来 
				copy(a,b);
			}
		}
	}
}

signed main(){
	n=read();
	for(int i=0;i<5;i++){
		//警示后人：7列，输入输满了有可能j=7，所以你 j<7 会 WA on #6 
		for(int j=0;j<8;j++){
			a[i][j]=read();
			if(!a[i][j]) break;
		}
	}
	dfs(1);
	printf("-1");
	return 0;
}

