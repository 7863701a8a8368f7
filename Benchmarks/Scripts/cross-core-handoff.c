// What a hand-off between two cores costs on this machine, without Swift's tasks (Docs/Performance.md, "`Create`'s
// spread and the machine"): two threads of their own that never sleep, each calling sched_yield while it waits.
//   cc -O2 -pthread -o /tmp/handoff Benchmarks/Scripts/cross-core-handoff.c
//   /tmp/handoff roundtrip   one cache line bounced between the threads: ns a round trip (the machine's state)
//   /tmp/handoff mutex       a mutex per value, the consumer swapping out the whole buffer of 64 (Create's hand-off)
//   /tmp/handoff ring N      a lock-free ring of N slots (a power of two, at most 1024): one writer, one reader
// Each prints six repetitions of a million values, in ns a value.
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define VALUES 1000000L
#define BUFFER 64

static double now_ns(void) {
  struct timespec spec;
  clock_gettime(CLOCK_MONOTONIC, &spec);
  return (double)spec.tv_sec * 1e9 + (double)spec.tv_nsec;
}

// MARK: the round trip

static _Alignas(64) _Atomic long turn;

// Waits for `turn` to reach `value`, giving the core up now and then: on a single core the other thread could
// otherwise only run when a whole time slice of spinning is over.
static void wait_for_turn(long value) {
  for (unsigned spins = 1; atomic_load(&turn) != value; spins++) {
    if ((spins & 4095) == 0) sched_yield();
  }
}

static void *respond(void *unused) {
  (void)unused;
  for (long i = 1; i <= 200000; i++) {
    wait_for_turn(2 * i - 1);
    atomic_store(&turn, 2 * i);
  }
  return 0;
}

static double round_trip(void) {
  atomic_store(&turn, 0);
  pthread_t responder;
  pthread_create(&responder, 0, respond, 0);
  double start = now_ns();
  for (long i = 1; i <= 200000; i++) {
    atomic_store(&turn, 2 * i - 1);
    wait_for_turn(2 * i);
  }
  double end = now_ns();
  pthread_join(responder, 0);
  return (end - start) / 200000;
}

// MARK: a mutex per value, the buffer swapped out whole

static pthread_mutex_t mutex;
static long *buffer, *batch, count;
static int finished;

static void *produce_locked(void *unused) {
  (void)unused;
  for (long i = 0; i < VALUES; i++) {
    for (;;) {
      pthread_mutex_lock(&mutex);
      if (count < BUFFER) break;
      pthread_mutex_unlock(&mutex);
      sched_yield();
    }
    buffer[count++] = i;
    pthread_mutex_unlock(&mutex);
  }
  pthread_mutex_lock(&mutex);
  finished = 1;
  pthread_mutex_unlock(&mutex);
  return 0;
}

static long consume_locked(void) {
  long sum = 0;
  for (;;) {
    pthread_mutex_lock(&mutex);
    long taken = count;
    long *swapped = buffer;
    buffer = batch;
    batch = swapped;
    count = 0;
    int done = finished;
    pthread_mutex_unlock(&mutex);
    for (long j = 0; j < taken; j++) sum += batch[j];
    if (taken == 0) {
      if (done) return sum;
      sched_yield();
    }
  }
}

// MARK: a lock-free ring

static _Alignas(64) _Atomic long head;
static _Alignas(64) _Atomic long tail;
static _Alignas(64) long ring[1024];
static long slots;

static void *produce_ring(void *unused) {
  (void)unused;
  long seen_head = 0;
  for (long i = 0; i < VALUES; i++) {
    long position = atomic_load_explicit(&tail, memory_order_relaxed);
    while (position - seen_head >= slots) {
      seen_head = atomic_load_explicit(&head, memory_order_acquire);
      if (position - seen_head >= slots) sched_yield();
    }
    ring[position & (slots - 1)] = i;
    atomic_store_explicit(&tail, position + 1, memory_order_release);
  }
  return 0;
}

static long consume_ring(void) {
  long sum = 0, position = 0;
  while (position < VALUES) {
    long end = atomic_load_explicit(&tail, memory_order_acquire);
    if (end == position) {
      sched_yield();
      continue;
    }
    for (; position < end; position++) sum += ring[position & (slots - 1)];
    atomic_store_explicit(&head, position, memory_order_release);
  }
  return sum;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  slots = argc > 2 ? atol(argv[2]) : 64;
  int ring_mode = strcmp(mode, "ring") == 0;
  if (strcmp(mode, "roundtrip") != 0 && strcmp(mode, "mutex") != 0 && !ring_mode) {
    fprintf(stderr, "usage: %s roundtrip | mutex | ring N\n", argv[0]);
    return 2;
  }
  if (ring_mode && (slots < 1 || slots > 1024 || (slots & (slots - 1)) != 0)) {
    fprintf(stderr, "ring: N must be a power of two from 1 to 1024\n");
    return 2;
  }
  for (int repetition = 0; repetition < 6; repetition++) {
    if (strcmp(mode, "roundtrip") == 0) {
      printf("%.0f ", round_trip());
      continue;
    }
    pthread_mutexattr_t attributes;
    pthread_mutexattr_init(&attributes);
    pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_ADAPTIVE_NP);
    pthread_mutex_init(&mutex, &attributes);
    buffer = calloc(BUFFER, sizeof(long));
    batch = calloc(BUFFER, sizeof(long));
    count = 0;
    finished = 0;
    atomic_store(&head, 0);
    atomic_store(&tail, 0);
    pthread_t producer;
    double start = now_ns();
    pthread_create(&producer, 0, ring_mode ? produce_ring : produce_locked, 0);
    long sum = ring_mode ? consume_ring() : consume_locked();
    pthread_join(producer, 0);
    double end = now_ns();
    if (sum != VALUES * (VALUES - 1) / 2) {
      fprintf(stderr, "lost values\n");
      return 1;
    }
    printf("%.1f ", (end - start) / VALUES);
    free(buffer);
    free(batch);
    pthread_mutex_destroy(&mutex);
  }
  printf("\n");
  return 0;
}
