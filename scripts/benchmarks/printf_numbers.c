/* Reference for goal 3 of scripts/bench: C printf("%.6f\n") on the numbers the frame-writer
 * benchmark writes (for frame i: the time i/240 and a point's x and y, as in
 * Sources/InbetweenCLI/Commands/BenchWriteCommand.swift), into a file. Written for this benchmark. Times are
 * process CPU time, as in every kernel of scripts/bench (other builds share the machine).
 * usage: printf_numbers FRAMES FILE  ->  prints "ns_per_number bytes" */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    long frames = argc > 1 ? atol(argv[1]) : 1000000;
    FILE *f = fopen(argc > 2 ? argv[2] : "/dev/null", "w");
    if (!f) return 1;
    struct timespec a, b;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
    for (long i = 0; i < frames; i++) {
        double t = i / 240.0;
        printf("%s", "");  /* keep stdio initialised the same way as a real program */
        fprintf(f, "%.6f\n", t);
        fprintf(f, "%.6f\n", 150 + 100 * sin(t));
        fprintf(f, "%.6f\n", 300 * cos(0.5 * t));
    }
    fflush(f);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
    long bytes = ftell(f);
    fclose(f);
    double ns = ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / (3.0 * frames);
    printf("%.3f %ld\n", ns, bytes);
    return 0;
}
