/* Reference for goal 1 of scripts/bench: the classic cubic-bezier solver (Newton's method from
 * t = x, then bisection when it stalls) with the classic tolerance 1e-7, timed over the same
 * inputs as the Swift benchmark. Written for this benchmark.
 * usage: cubic_newton N  ->  prints "ns_per_sample checksum max_error" */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct { double ax, bx, cx, ay, by, cy; } curve;

static curve make_curve(double x1, double y1, double x2, double y2) {
    curve c;
    c.cx = 3 * x1; c.bx = 3 * (x2 - x1) - c.cx; c.ax = 1 - c.cx - c.bx;
    c.cy = 3 * y1; c.by = 3 * (y2 - y1) - c.cy; c.ay = 1 - c.cy - c.by;
    return c;
}
static double x_of(const curve *c, double t) { return ((c->ax * t + c->bx) * t + c->cx) * t; }
static double y_of(const curve *c, double t) { return ((c->ay * t + c->by) * t + c->cy) * t; }
static double dx_of(const curve *c, double t) { return (3 * c->ax * t + 2 * c->bx) * t + c->cx; }

static double solve_t(const curve *c, double x, double eps) {
    double t = x;
    for (int i = 0; i < 8; i++) {           /* Newton */
        double e = x_of(c, t) - x;
        if (fabs(e) < eps) return t;
        double d = dx_of(c, t);
        if (fabs(d) < 1e-6) break;
        t -= e / d;
    }
    double lo = 0, hi = 1;                    /* bisection */
    t = x;
    if (t < lo) return lo;
    if (t > hi) return hi;
    while (lo < hi) {
        double v = x_of(c, t);
        if (fabs(v - x) < eps) return t;
        if (x > v) lo = t; else hi = t;
        t = (hi - lo) * 0.5 + lo;
    }
    return t;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 10000000;
    curve c = make_curve(0.42, 0, 0.58, 1);
    struct timespec a, b;
    double sum = 0;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
    for (long i = 0; i < n; i++) sum += y_of(&c, solve_t(&c, (double)i / (double)(n - 1), 1e-7));
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
    double ns = ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / (double)n;
    /* Its accuracy, against the same solver run to 1e-15 on a 10,001-point grid. */
    double worst = 0;
    for (int i = 0; i <= 10000; i++) {
        double x = i / 10000.0;
        double e = fabs(y_of(&c, solve_t(&c, x, 1e-7)) - y_of(&c, solve_t(&c, x, 1e-15)));
        if (e > worst) worst = e;
    }
    printf("%.3f %.17g %.3g\n", ns, sum, worst);
    return 0;
}
