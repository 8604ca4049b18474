/* bloom-sampler.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-sampler"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bloom-error.h"
#include "bloom-hash.h"
#include "bloom-sample-private.h"
#include "bloom-sampler.h"
#include "bloom-sizing.h"

#define N_WORDS        (BLOOM_M_MAX / 64)
#define PROGRESS_SCALE 1000000
/* Samples between two looks at the cancellable and two progress updates:
 * about a tenth of a millisecond of work. */
#define CHECK_INTERVAL 4096

/* Everything is copied at creation and never changes afterwards, so any
 * number of threads may measure at once; only the progress is written. */
struct _BloomSampler
{
  GObject     parent_instance;

  guint       m;
  guint       k;
  guint       n_entries;
  guint       bits_set;
  /* Bit i in words[i / 64] at (i % 64), as in BloomFilter. */
  guint64     words[N_WORDS];
  /* The stored strings, NUL-terminated copies: SPEC T1 has no U+0000. */
  GHashTable *entries;

  int         progress;      /* of the latest run, in millionths; atomic */
};

G_DEFINE_FINAL_TYPE (BloomSampler, bloom_sampler, G_TYPE_OBJECT)

static void
bloom_sampler_finalize (GObject *object)
{
  BloomSampler *self = BLOOM_SAMPLER (object);

  g_clear_pointer (&self->entries, g_hash_table_unref);

  G_OBJECT_CLASS (bloom_sampler_parent_class)->finalize (object);
}

static void
bloom_sampler_class_init (BloomSamplerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = bloom_sampler_finalize;
}

static void
bloom_sampler_init (BloomSampler *self)
{
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static inline gboolean
get_bit (const guint64 *words,
         guint          index)
{
  return (words[index / 64] >> (index % 64)) & 1;
}

static inline void
set_bit (guint64 *words,
         guint    index)
{
  words[index / 64] |= G_GUINT64_CONSTANT (1) << (index % 64);
}

static guint
count_bits (const guint64 *words)
{
  guint count = 0;

  for (guint w = 0; w < N_WORDS; w++)
    count += __builtin_popcountll (words[w]);

  return count;
}

/* SPEC F1: whether all k positions of the string with hashes @h1 and @h2
 * are set. It stops at the first zero bit, as a reader of the bits would. */
static gboolean
all_positions_set (const guint64 *words,
                   guint          m,
                   guint          k,
                   guint32        h1,
                   guint32        h2)
{
  for (guint i = 0; i < k; i++)
    if (!get_bit (words, bloom_hash_position (h1, h2, i, m)))
      return FALSE;

  return TRUE;
}

static void
set_positions (guint64 *words,
               guint    m,
               guint    k,
               guint32  h1,
               guint32  h2)
{
  for (guint i = 0; i < k; i++)
    set_bit (words, bloom_hash_position (h1, h2, i, m));
}

/**
 * bloom_sampler_new:
 * @m: bits, %BLOOM_M_MIN to %BLOOM_M_MAX
 * @k: positions per string, %BLOOM_K_MIN to %BLOOM_K_MAX
 *
 * A sampler of an empty filter with @m bits and @k positions: for
 * bloom_sampler_sweep(), which needs nothing else.
 *
 * Returns: (transfer full): a new sampler
 */
BloomSampler *
bloom_sampler_new (guint m,
                   guint k)
{
  BloomSampler *self;

  g_return_val_if_fail (m >= BLOOM_M_MIN && m <= BLOOM_M_MAX, NULL);
  g_return_val_if_fail (k >= BLOOM_K_MIN && k <= BLOOM_K_MAX, NULL);

  self = g_object_new (BLOOM_TYPE_SAMPLER, NULL);
  self->m = m;
  self->k = k;

  return self;
}

/**
 * bloom_sampler_new_for_session:
 * @session: a session with an active filter
 * @error: the place for an error
 *
 * A snapshot of the active filter of @session: its m, k and bits, and its
 * stored strings. Call it on the thread that owns @session; the sampler
 * can then measure on any thread while @session goes on changing. It only
 * reads @session: no counter, no last operation, no signal.
 *
 * Returns: (transfer full): a new sampler, or %NULL when no filter is
 *   active (%BLOOM_ERROR_NO_FILTER)
 */
BloomSampler *
bloom_sampler_new_for_session (BloomSession  *session,
                               GError       **error)
{
  g_autoptr(BloomSampler) self = NULL;
  BloomFilter *filter;

  g_return_val_if_fail (BLOOM_IS_SESSION (session), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  filter = bloom_session_get_filter (session);
  if (filter == NULL)
    {
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_NO_FILTER,
                   _("No filter is active. Create a filter first."));
      return NULL;
    }

  self = bloom_sampler_new (bloom_filter_get_m (filter), bloom_filter_get_k (filter));

  for (guint i = 0; i < self->m; i++)
    if (bloom_filter_get_bit (filter, i))
      set_bit (self->words, i);
  self->bits_set = count_bits (self->words);

  self->n_entries = bloom_session_get_n_entries (session);
  for (guint i = 0; i < self->n_entries; i++)
    {
      gsize len = 0;
      const char *text = bloom_session_get_entry (session, i, &len);

      g_hash_table_add (self->entries, g_strndup (text, len));
    }

  return g_steal_pointer (&self);
}

/**
 * bloom_sampler_get_m:
 * @self: a sampler
 *
 * Returns: the bits of the snapshot, m
 */
guint
bloom_sampler_get_m (BloomSampler *self)
{
  g_return_val_if_fail (BLOOM_IS_SAMPLER (self), 0);

  return self->m;
}

/**
 * bloom_sampler_get_k:
 * @self: a sampler
 *
 * Returns: the positions per string of the snapshot, k
 */
guint
bloom_sampler_get_k (BloomSampler *self)
{
  g_return_val_if_fail (BLOOM_IS_SAMPLER (self), 0);

  return self->k;
}

/**
 * bloom_sampler_get_n_entries:
 * @self: a sampler
 *
 * Returns: the stored strings of the snapshot, n
 */
guint
bloom_sampler_get_n_entries (BloomSampler *self)
{
  g_return_val_if_fail (BLOOM_IS_SAMPLER (self), 0);

  return self->n_entries;
}

/**
 * bloom_sampler_get_progress:
 * @self: a sampler
 *
 * How far the latest measurement or sweep of @self has come, from 0 to 1,
 * in steps of a few thousand samples; 1 once it succeeded. Safe to call
 * from any thread while it runs on another, for a progress bar polled
 * from the main loop. With several runs at once it is that of any of them.
 *
 * Returns: the fraction done
 */
double
bloom_sampler_get_progress (BloomSampler *self)
{
  g_return_val_if_fail (BLOOM_IS_SAMPLER (self), 0.0);

  return (double) g_atomic_int_get (&self->progress) / PROGRESS_SCALE;
}

/* One run's progress and cancellation. */
typedef struct
{
  BloomSampler *sampler;
  GCancellable *cancellable;
  guint64       done;
  guint64       total;
  guint         until_check;
} Run;

static gboolean
run_begin (Run           *run,
           BloomSampler  *sampler,
           guint64        total,
           GCancellable  *cancellable,
           GError       **error)
{
  *run = (Run) { sampler, cancellable, 0, total, CHECK_INTERVAL };
  g_atomic_int_set (&sampler->progress, 0);

  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

static gboolean
run_tick (Run     *run,
          GError **error)
{
  run->done++;
  if (--run->until_check > 0)
    return TRUE;

  run->until_check = CHECK_INTERVAL;
  g_atomic_int_set (&run->sampler->progress, (int) (run->done * PROGRESS_SCALE / run->total));

  return !g_cancellable_set_error_if_cancelled (run->cancellable, error);
}

static void
run_end (Run *run)
{
  g_atomic_int_set (&run->sampler->progress, PROGRESS_SCALE);
}

/* Draws @n_samples strings from @state and queries each against @words.
 * A drawn string in @stored is skipped: it is a member, not a negative
 * query (SPEC R2). Fills the counts of @result and its first false
 * positives. */
static gboolean
measure (Run               *run,
         const guint64     *words,
         guint              m,
         guint              k,
         GHashTable        *stored,
         guint              n_samples,
         guint              length,
         guint64           *state,
         BloomSampleResult *result,
         GError           **error)
{
  char text[BLOOM_SAMPLE_LENGTH_MAX + 1];
  gunichar2 units[BLOOM_SAMPLE_LENGTH_MAX];
  guint n_skipped = 0;
  guint n_false_positives = 0;

  for (guint i = 0; i < n_samples; i++)
    {
      guint32 h1, h2;

      if (!run_tick (run, error))
        return FALSE;

      bloom_sample_draw_text (state, length, text, units);
      bloom_hash_pair (units, length, &h1, &h2);

      /* A stored string has all its bits set (SPEC F5), so only a string
       * whose bits are all set needs the look-up. */
      if (!all_positions_set (words, m, k, h1, h2))
        continue;

      if (g_hash_table_contains (stored, text))
        n_skipped++;
      else if (n_false_positives++ < BLOOM_SAMPLE_FALSE_POSITIVES_KEPT)
        bloom_sample_result_keep_false_positive (result, n_false_positives - 1, text, length);
    }

  result->n_samples = n_samples;
  result->n_skipped = n_skipped;
  result->n_queries = n_samples - n_skipped;
  result->n_false_positives = n_false_positives;

  return TRUE;
}

/* The rest of @result, from its counts and the filter measured. */
static void
complete_result (BloomSampleResult *result,
                 guint              m,
                 guint              k,
                 guint              n_entries,
                 guint              bits_set,
                 guint              length,
                 guint64            seed,
                 double             z)
{
  result->m = m;
  result->k = k;
  result->n_entries = n_entries;
  result->bits_set = bits_set;
  result->length = length;
  result->seed = seed;
  result->z = z;
  bloom_wilson_interval (result->n_false_positives, result->n_queries, z,
                         &result->low, &result->high);
  result->ideal_rate = bloom_rate_approximate (m, k, n_entries);
  result->finite_rate = bloom_rate_exact (m, k, n_entries);
  result->fill_rate = bloom_rate_from_fill (m, k, bits_set);
}

static gboolean
sample_valid (guint  n_samples,
              guint  length,
              double z)
{
  return n_samples >= BLOOM_SAMPLE_SIZE_MIN && n_samples <= BLOOM_SAMPLE_SIZE_MAX &&
         length >= BLOOM_SAMPLE_LENGTH_MIN && length <= BLOOM_SAMPLE_LENGTH_MAX &&
         z > 0;
}

/**
 * bloom_sampler_sample:
 * @self: a sampler
 * @n_samples: strings to draw, %BLOOM_SAMPLE_SIZE_MIN to
 *   %BLOOM_SAMPLE_SIZE_MAX
 * @length: characters per string, %BLOOM_SAMPLE_LENGTH_MIN to
 *   %BLOOM_SAMPLE_LENGTH_MAX
 * @seed: where the generator starts: the strings are those of
 *   bloom_sample_strings() with @seed
 * @z: the confidence of the interval, such as %BLOOM_Z_95
 * @result: (out caller-allocates): the measurement
 * @cancellable: (nullable): a cancellable
 * @error: the place for an error
 *
 * Measures the false-positive rate of the snapshot on @n_samples random
 * strings. A drawn string that is stored is counted in n_skipped and not
 * queried; every other one is a negative query, and a false positive when
 * its k bits are all set. Runs on any thread; the same arguments give the
 * same result on every machine.
 *
 * Returns: %TRUE, or %FALSE with %G_IO_ERROR_CANCELLED when @cancellable
 *   was cancelled; @result is then not set
 */
gboolean
bloom_sampler_sample (BloomSampler       *self,
                      guint               n_samples,
                      guint               length,
                      guint64             seed,
                      double              z,
                      BloomSampleResult  *result,
                      GCancellable       *cancellable,
                      GError            **error)
{
  BloomSampleResult sample = { 0 };
  guint64 state = seed;
  Run run;

  g_return_val_if_fail (BLOOM_IS_SAMPLER (self), FALSE);
  g_return_val_if_fail (sample_valid (n_samples, length, z), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!run_begin (&run, self, n_samples, cancellable, error) ||
      !measure (&run, self->words, self->m, self->k, self->entries,
                n_samples, length, &state, &sample, error))
    return FALSE;

  complete_result (&sample, self->m, self->k, self->n_entries, self->bits_set,
                   length, seed, z);
  *result = sample;
  run_end (&run);

  return TRUE;
}

/* What the sweep guarantees: n_max distinct strings of @length exist. */
static gboolean
sweep_valid (guint n_max,
             guint n_steps,
             guint length)
{
  return n_max >= 1 && n_max <= BLOOM_MAX_ENTRIES &&
         n_steps >= 1 && n_steps <= n_max &&
         (length > 1 || n_max <= BLOOM_SAMPLE_N_CHARS);
}

/**
 * bloom_sampler_sweep:
 * @self: a sampler
 * @n_max: the last n, 1 to %BLOOM_MAX_ENTRIES (at most 95 for @length 1)
 * @n_steps: steps from 0 to @n_max, 1 to @n_max
 * @n_samples: strings to draw at each step, as for bloom_sampler_sample()
 * @length: characters per string, for both the inserted and the drawn ones
 * @seed: where the generators start
 * @z: the confidence of the intervals
 * @cancellable: (nullable): a cancellable
 * @error: the place for an error
 *
 * The rate as the filter fills. A scratch filter with the m and k of
 * @self, empty at first, never the bits or strings of the snapshot, takes
 * distinct random strings until it holds n = ⌊i · @n_max / @n_steps⌋
 * entries, for i = 0 … @n_steps, and at each step is measured as
 * bloom_sampler_sample() measures, skipping the strings it holds.
 *
 * The inserted strings are those of bloom_sample_strings() with the seed
 * ~@seed (all bits flipped), without repeats; the drawn ones are those of
 * @seed, continuing from step to step. So the filter at each n does not
 * depend on @n_samples, and the first step measures exactly what
 * bloom_sampler_sample() with @seed measures on an empty filter.
 *
 * Returns: (transfer container) (element-type BloomSampleResult): @n_steps + 1
 *   points, n ascending, or %NULL with %G_IO_ERROR_CANCELLED when
 *   @cancellable was cancelled
 */
GPtrArray *
bloom_sampler_sweep (BloomSampler  *self,
                     guint          n_max,
                     guint          n_steps,
                     guint          n_samples,
                     guint          length,
                     guint64        seed,
                     double         z,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_autoptr(GPtrArray) points = NULL;
  g_autoptr(GHashTable) inserted = NULL;
  g_autofree gunichar2 *units = NULL;
  g_autofree char *text = NULL;
  guint64 words[N_WORDS] = { 0 };
  guint64 fill_state = ~seed;
  guint64 query_state = seed;
  Run run;

  g_return_val_if_fail (BLOOM_IS_SAMPLER (self), NULL);
  g_return_val_if_fail (sample_valid (n_samples, length, z), NULL);
  g_return_val_if_fail (sweep_valid (n_max, n_steps, length), NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!run_begin (&run, self, (guint64) (n_steps + 1) * n_samples, cancellable, error))
    return NULL;

  points = g_ptr_array_new_full (n_steps + 1, (GDestroyNotify) bloom_sample_result_free);
  inserted = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  units = g_new (gunichar2, length);
  text = g_malloc (length + 1);

  for (guint step = 0; step <= n_steps; step++)
    {
      guint n = (guint) ((guint64) step * n_max / n_steps);
      g_autoptr(BloomSampleResult) point = g_new0 (BloomSampleResult, 1);

      while (g_hash_table_size (inserted) < n)
        {
          guint32 h1, h2;

          bloom_sample_draw_text (&fill_state, length, text, units);
          if (g_hash_table_contains (inserted, text))
            continue;

          bloom_hash_pair (units, length, &h1, &h2);
          set_positions (words, self->m, self->k, h1, h2);
          g_hash_table_add (inserted, g_strdup (text));
        }

      if (!measure (&run, words, self->m, self->k, inserted, n_samples, length,
                    &query_state, point, error))
        return NULL;

      complete_result (point, self->m, self->k, n, count_bits (words), length, seed, z);
      g_ptr_array_add (points, g_steal_pointer (&point));
    }

  run_end (&run);

  return g_steal_pointer (&points);
}

/* The arguments of a run in a thread. */
typedef struct
{
  guint   n_max;
  guint   n_steps;
  guint   n_samples;
  guint   length;
  guint64 seed;
  double  z;
} Params;

static void
run_in_thread (BloomSampler        *self,
               const Params        *params,
               GCancellable        *cancellable,
               GAsyncReadyCallback  callback,
               gpointer             user_data,
               gpointer             source_tag,
               GTaskThreadFunc      thread_func)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, g_memdup2 (params, sizeof *params), g_free);
  g_task_run_in_thread (task, thread_func);
}

static void
sample_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  const Params *params = task_data;
  g_autoptr(BloomSampleResult) result = g_new0 (BloomSampleResult, 1);
  GError *error = NULL;

  if (bloom_sampler_sample (source_object, params->n_samples, params->length, params->seed,
                            params->z, result, cancellable, &error))
    g_task_return_pointer (task, g_steal_pointer (&result),
                           (GDestroyNotify) bloom_sample_result_free);
  else
    g_task_return_error (task, error);
}

/**
 * bloom_sampler_sample_async:
 * @self: a sampler
 * @n_samples: as for bloom_sampler_sample()
 * @length: as for bloom_sampler_sample()
 * @seed: as for bloom_sampler_sample()
 * @z: as for bloom_sampler_sample()
 * @cancellable: (nullable): a cancellable
 * @callback: (scope async) (closure user_data): called on the calling
 *   thread's main context when the measurement is done
 * @user_data: for @callback
 *
 * bloom_sampler_sample() in a worker thread. Poll
 * bloom_sampler_get_progress() for a progress bar.
 */
void
bloom_sampler_sample_async (BloomSampler        *self,
                            guint                n_samples,
                            guint                length,
                            guint64              seed,
                            double               z,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  Params params = { .n_samples = n_samples, .length = length, .seed = seed, .z = z };

  g_return_if_fail (BLOOM_IS_SAMPLER (self));
  g_return_if_fail (sample_valid (n_samples, length, z));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  run_in_thread (self, &params, cancellable, callback, user_data,
                 bloom_sampler_sample_async, sample_in_thread);
}

/**
 * bloom_sampler_sample_finish:
 * @self: a sampler
 * @result: the result given to the callback
 * @sample: (out caller-allocates): the measurement
 * @error: the place for an error
 *
 * Returns: as bloom_sampler_sample() does
 */
gboolean
bloom_sampler_sample_finish (BloomSampler       *self,
                             GAsyncResult       *result,
                             BloomSampleResult  *sample,
                             GError            **error)
{
  g_autoptr(BloomSampleResult) measured = NULL;

  g_return_val_if_fail (BLOOM_IS_SAMPLER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == bloom_sampler_sample_async,
                        FALSE);
  g_return_val_if_fail (sample != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  measured = g_task_propagate_pointer (G_TASK (result), error);
  if (measured == NULL)
    return FALSE;

  *sample = *measured;

  return TRUE;
}

static void
sweep_in_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  const Params *params = task_data;
  GPtrArray *points;
  GError *error = NULL;

  points = bloom_sampler_sweep (source_object, params->n_max, params->n_steps,
                                params->n_samples, params->length, params->seed,
                                params->z, cancellable, &error);
  if (points != NULL)
    g_task_return_pointer (task, points, (GDestroyNotify) g_ptr_array_unref);
  else
    g_task_return_error (task, error);
}

/**
 * bloom_sampler_sweep_async:
 * @self: a sampler
 * @n_max: as for bloom_sampler_sweep()
 * @n_steps: as for bloom_sampler_sweep()
 * @n_samples: as for bloom_sampler_sweep()
 * @length: as for bloom_sampler_sweep()
 * @seed: as for bloom_sampler_sweep()
 * @z: as for bloom_sampler_sweep()
 * @cancellable: (nullable): a cancellable
 * @callback: (scope async) (closure user_data): called on the calling
 *   thread's main context when the sweep is done
 * @user_data: for @callback
 *
 * bloom_sampler_sweep() in a worker thread. Poll
 * bloom_sampler_get_progress() for a progress bar.
 */
void
bloom_sampler_sweep_async (BloomSampler        *self,
                           guint                n_max,
                           guint                n_steps,
                           guint                n_samples,
                           guint                length,
                           guint64              seed,
                           double               z,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  Params params = { n_max, n_steps, n_samples, length, seed, z };

  g_return_if_fail (BLOOM_IS_SAMPLER (self));
  g_return_if_fail (sample_valid (n_samples, length, z));
  g_return_if_fail (sweep_valid (n_max, n_steps, length));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  run_in_thread (self, &params, cancellable, callback, user_data,
                 bloom_sampler_sweep_async, sweep_in_thread);
}

/**
 * bloom_sampler_sweep_finish:
 * @self: a sampler
 * @result: the result given to the callback
 * @error: the place for an error
 *
 * Returns: (transfer container) (element-type BloomSampleResult): as
 *   bloom_sampler_sweep() does
 */
GPtrArray *
bloom_sampler_sweep_finish (BloomSampler  *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (BLOOM_IS_SAMPLER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == bloom_sampler_sweep_async,
                        NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
