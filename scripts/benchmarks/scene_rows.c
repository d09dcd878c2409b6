/* Reference for goal 8 of scripts/bench: the scene of scripts/benchmarks/scene.lua computed and
 * printed by a plain C loop. N layers, each with
 *   position         basic, (0, i) -> (300, i + 100), cubic-bezier(0.42, 0, 0.58, 1), 10 s
 *   opacity          keyframes 0, 1, 0.5, 1 at 0, 0.3, 0.7, 1 with easeIn (0.42, 0, 1, 1),
 *                    Penner's bounceOut and easeOut (0, 0, 0.58, 1) per segment, 10 s
 *   transform.scale  spring 0.5 -> 1, mass 1, stiffness 100, damping 10 (CASpringAnimation's
 *                    defaults), 10 s
 * sampled at 60 fps from 0 to 10 s inclusive; from 10 s on each shows its model value
 * (position (0, 0), opacity 1, scale 1: the animations are removed on completion). Rows as
 * `inbetween run --format csv --precision 6` writes them (time,layer,keyPath,v0,v1, the second
 * value field empty for scalars), every number through printf("%.6f"). Written for this
 * benchmark.
 * usage: scene_rows N FILE  ->  writes the CSV to FILE */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

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

/* Newton from t = x, bisection when it stalls; tolerance 1e-7 as in cubic_newton.c. */
static double ease(const curve *c, double x) {
    double t = x;
    for (int i = 0; i < 8; i++) {
        double e = x_of(c, t) - x;
        if (fabs(e) < 1e-7) return y_of(c, t);
        double d = dx_of(c, t);
        if (fabs(d) < 1e-6) break;
        t -= e / d;
    }
    double lo = 0, hi = 1;
    t = x;
    while (lo < hi) {
        double v = x_of(c, t);
        if (fabs(v - x) < 1e-7) break;
        if (x > v) lo = t; else hi = t;
        t = (hi - lo) * 0.5 + lo;
    }
    return y_of(c, t);
}

static double bounce_out(double t) {
    if (t < 1 / 2.75) return 7.5625 * t * t;
    if (t < 2 / 2.75) { t -= 1.5 / 2.75; return 7.5625 * t * t + 0.75; }
    if (t < 2.5 / 2.75) { t -= 2.25 / 2.75; return 7.5625 * t * t + 0.9375; }
    t -= 2.625 / 2.75;
    return 7.5625 * t * t + 0.984375;
}

/* Under-damped spring from rest at -1 toward 0: progress 1 + u(t). */
static double spring(double t) {
    const double m = 1, k = 100, c = 10;
    double w0 = sqrt(k / m), zeta = c / (2 * sqrt(k * m));
    double wd = w0 * sqrt(1 - zeta * zeta), b = zeta * w0 * -1;
    return 1 + exp(-zeta * w0 * t) * (-cos(wd * t) + b * sin(wd * t) / wd);
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000;
    FILE *f = fopen(argc > 2 ? argv[2] : "/dev/null", "w");
    if (!f) return 1;
    curve inout = make_curve(0.42, 0, 0.58, 1), in = make_curve(0.42, 0, 1, 1), out = make_curve(0, 0, 0.58, 1);
    const double duration = 10, kt[4] = {0, 0.3, 0.7, 1}, kv[4] = {0, 1, 0.5, 1};
    fprintf(f, "time,layer,keyPath,v0,v1\n");
    for (int frame = 0; frame <= 600; frame++) {
        double t = frame / 60.0;
        int running = t < duration;
        double f0 = t / duration;
        double p = running ? ease(&inout, f0) : 0;
        double opacity = 1, scale = 1;
        if (running) {
            int s = f0 < kt[1] ? 0 : f0 < kt[2] ? 1 : 2;
            double u = (f0 - kt[s]) / (kt[s + 1] - kt[s]);
            double e = s == 0 ? ease(&in, u) : s == 1 ? bounce_out(u) : ease(&out, u);
            opacity = kv[s] + (kv[s + 1] - kv[s]) * e;
            scale = 0.5 + 0.5 * spring(t);
        }
        for (long i = 1; i <= n; i++) {
            double x = running ? 300 * p : 0, y = running ? i + 100 * p : 0;
            fprintf(f, "%.6f,l%ld,position,%.6f,%.6f\n", t, i, x, y);
            fprintf(f, "%.6f,l%ld,opacity,%.6f,\n", t, i, opacity);
            fprintf(f, "%.6f,l%ld,transform.scale,%.6f,\n", t, i, scale);
        }
    }
    fclose(f);
    return 0;
}
