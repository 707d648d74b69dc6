/* gmtime, localtime (UTC), mktime normalising out-of-range fields, ctime,
 * difftime: floatsym (crt/libc/time.c) against glibc with TZ=UTC. */
#include <stdio.h>
#include <time.h>
#include <string.h>
#include <stdlib.h>
int main(void){ setenv("TZ", "UTC", 1); tzset(); long ts[]={0,1700000000,-1,-86400*365L*80,951782400,4102444800L,-2208988800L,253402300799L, 67767976233316800L};
 for(unsigned i=0;i<sizeof ts/sizeof*ts;i++){ time_t t=ts[i]; struct tm *g=gmtime(&t); if(!g){printf("null\n");continue;}
 printf("%d %d %d %d %d %d %d %d %s", g->tm_year,g->tm_mon,g->tm_mday,g->tm_hour,g->tm_min,g->tm_sec,g->tm_wday,g->tm_yday, ctime(&t)?ctime(&t):"NULL\n");
 struct tm l=*localtime(&t); l.tm_mon+=14; l.tm_mday-=40; time_t b=mktime(&l); printf("mk %ld %d %d %d %s\n", (long)b, l.tm_year,l.tm_mon,l.tm_mday, l.tm_zone); }
 printf("%g\n", difftime(5,7));
 /* strftime: every conversion, on dates around ISO week-year edges */
 long dates[] = {0, 1700000000, 1104537600, 1230681600, 1262217600, 1293753600, 1609372800, 1704067199, 951868800, -86400};
 const char *fmts[] = {"%a %A %b %B %h|%C %d %D %e %F|%g %G %V|%H %I %j %k %l %m %M|%p %P %r %R %s %S|%t%T %u %U %w %W|%x %X %y %Y %z %Z %% %Ey %Od %q", "%c", "%"};
 for (unsigned i = 0; i < sizeof dates / sizeof *dates; i++) {
  time_t t = dates[i]; struct tm *g = gmtime(&t); char buf[256];
  for (unsigned j = 0; j < 3; j++) { size_t n = strftime(buf, sizeof buf, fmts[j], g); printf("%zu [%s]\n", n, n ? buf : ""); }
  printf("small %zu\n", strftime(buf, 5, "%Y-%m", g));
 }
 return 0;}
