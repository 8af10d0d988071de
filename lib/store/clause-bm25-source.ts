/**
 * The C source of `clause_bm25()` (clause-bm25.ts compiles and loads it): FTS5's bm25() for
 * clause_fts, the same code as fts5_aux.c's fts5Bm25Function and fts5Bm25GetData (SQLite 3.53),
 * with two of its reads answered from memory:
 *   - the row's size in tokens (xColumnSize(-1), a docsize-table lookup run as an SQL statement
 *     for every matching row) from an array of clause_fts_docsize read once per connection;
 *   - a phrase's row count (xQueryPhrase, a second pass over the phrase for every query) from a
 *     table of the phrases seen on the connection, keyed by the phrase's tokens (xQueryToken),
 *     when the caller passes 1 as the second argument (no prefix phrase: "合"* and "合" share
 *     their token text). At most CACHE_SLOTS / 2 phrases; the table is emptied when full.
 * Both hold only while the index is not written, which the app's handle guarantees (read-only,
 * a re-ingested index is a new file and a new connection). The row count and token total read
 * from clause_fts_docsize are checked against FTS5's own (xRowCount, xColumnTotalSize) for every
 * query: on any other table, or any disagreement, the function asks FTS5 as bm25() does.
 * Everything else (the phrase frequencies from xInst, the IDF, the sum in phrase order, the
 * doubles) is bm25()'s code: the same values (tested on the index, test/…/clause-bm25.test.ts).
 */
export const CLAUSE_BM25_SOURCE = String.raw`
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1
#include <math.h>
#include <string.h>
#include <stdlib.h>

#define CACHE_SLOTS 65536

typedef struct Entry { char *key; int nKey; sqlite3_int64 nHit; } Entry;
typedef struct State {
  sqlite3 *db;
  int *size;              /* clause_fts_docsize: row -> tokens */
  sqlite3_int64 nSize;    /* entries of size[] */
  sqlite3_int64 nRow;     /* rows read from clause_fts_docsize */
  sqlite3_int64 nTotal;   /* their tokens */
  int loaded;             /* 0: not yet read, 1: read, -1: unavailable */
  Entry *cache;           /* phrase -> rows holding it */
  int nUsed;
} State;
typedef struct Data {
  int nPhrase; int bSizes; double avgdl; double *aIDF; double *aFreq;
  /* the gate (a third argument L > 0): the L best scores so far, worst on top */
  int nLimit; int nHeap; double *aHeap;
  int bLast; sqlite3_int64 iLastRowid; int bLastNull; double lastScore;
} Data;

/* aHeap as a max-heap of bm25() values (larger = worse): the worst kept value on top */
static void heapDown(double *h, int n, int i){
  for (;;) {
    int l = 2 * i + 1, r = l + 1, m = i;
    double t;
    if (l < n && h[l] > h[m]) m = l;
    if (r < n && h[r] > h[m]) m = r;
    if (m == i) return;
    t = h[i]; h[i] = h[m]; h[m] = t;
    i = m;
  }
}
static void heapUp(double *h, int i){
  while (i > 0) {
    int p = (i - 1) / 2;
    double t;
    if (h[p] >= h[i]) return;
    t = h[i]; h[i] = h[p]; h[p] = t;
    i = p;
  }
}

static int countCb(const Fts5ExtensionApi *a, Fts5Context *f, void *p){
  (void)a; (void)f;
  (*(sqlite3_int64*)p)++;
  return SQLITE_OK;
}

static void loadSizes(State *s){
  sqlite3_stmt *st = 0;
  sqlite3_int64 mx = 0;
  s->loaded = -1;
  if (sqlite3_prepare_v2(s->db, "SELECT max(id) FROM clause_fts_docsize", -1, &st, 0) != SQLITE_OK) { sqlite3_finalize(st); return; }
  if (sqlite3_step(st) == SQLITE_ROW) mx = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  if (mx < 0 || mx > 100000000) return;
  s->size = (int*)calloc((size_t)mx + 1, sizeof(int));
  if (!s->size) return;
  s->nSize = mx + 1;
  if (sqlite3_prepare_v2(s->db, "SELECT id, sz FROM clause_fts_docsize", -1, &st, 0) != SQLITE_OK) { sqlite3_finalize(st); return; }
  while (sqlite3_step(st) == SQLITE_ROW) {
    sqlite3_int64 id = sqlite3_column_int64(st, 0);
    const unsigned char *b = (const unsigned char*)sqlite3_column_blob(st, 1);
    int n = sqlite3_column_bytes(st, 1), i = 0, k;
    sqlite3_int64 v = 0;
    /* the first varint of the record: the row's tokens (one column) */
    for (k = 0; k < 9 && i < n; k++) {
      unsigned char x = b[i++];
      if (k == 8) { v = v * 256 + x; break; }
      v = v * 128 + (x & 0x7f);
      if (!(x & 0x80)) break;
    }
    if (id >= 0 && id < s->nSize) { s->size[id] = (int)v; s->nRow++; s->nTotal += v; }
  }
  if (sqlite3_finalize(st) == SQLITE_OK) s->loaded = 1;
}

/* The phrase's tokens as a key (each followed by \x01); 0 when unavailable. */
static char *phraseKey(const Fts5ExtensionApi *pApi, Fts5Context *pFts, int iPhrase, int *pn){
  int nTok, len = 0, i;
  char *k;
  if (pApi->iVersion < 3) return 0;
  nTok = pApi->xPhraseSize(pFts, iPhrase);
  for (i = 0; i < nTok; i++) {
    const char *t; int n;
    if (pApi->xQueryToken(pFts, iPhrase, i, &t, &n) != SQLITE_OK) return 0;
    len += n + 1;
  }
  k = (char*)malloc((size_t)len + 1);
  if (!k) return 0;
  len = 0;
  for (i = 0; i < nTok; i++) {
    const char *t; int n;
    pApi->xQueryToken(pFts, iPhrase, i, &t, &n);
    memcpy(k + len, t, (size_t)n);
    len += n;
    k[len++] = 1;
  }
  *pn = len;
  return k;
}

static unsigned hashOf(const char *k, int n){
  unsigned h = 2166136261u;
  int i;
  for (i = 0; i < n; i++) { h ^= (unsigned char)k[i]; h *= 16777619u; }
  return h;
}

static Entry *lookup(State *s, const char *k, int n){
  unsigned h;
  if (!s->cache) { s->cache = (Entry*)calloc(CACHE_SLOTS, sizeof(Entry)); if (!s->cache) return 0; }
  h = hashOf(k, n) & (CACHE_SLOTS - 1);
  for (;;) {
    Entry *e = &s->cache[h];
    if (!e->key || (e->nKey == n && memcmp(e->key, k, (size_t)n) == 0)) return e;
    h = (h + 1) & (CACHE_SLOTS - 1);
  }
}

static void clearCache(State *s){
  int i;
  if (!s->cache) return;
  for (i = 0; i < CACHE_SLOTS; i++) free(s->cache[i].key);
  memset(s->cache, 0, CACHE_SLOTS * sizeof(Entry));
  s->nUsed = 0;
}

static void freeData(void *p){
  sqlite3_free(((Data*)p)->aHeap);
  sqlite3_free(p);
}

/* fts5Bm25GetData, the row count of a phrase from the cache when allowed */
static int getData(const Fts5ExtensionApi *pApi, Fts5Context *pFts, State *s, int bCache, Data **ppData){
  int rc = SQLITE_OK;
  Data *p = (Data*)pApi->xGetAuxdata(pFts, 0);
  if (p == 0) {
    int nPhrase = pApi->xPhraseCount(pFts), i;
    sqlite3_int64 nRow = 0, nToken = 0;
    sqlite3_int64 nByte = sizeof(Data) + nPhrase * 2 * sizeof(double);
    p = (Data*)sqlite3_malloc64(nByte);
    if (p == 0) return SQLITE_NOMEM;
    memset(p, 0, (size_t)nByte);
    p->nPhrase = nPhrase;
    p->aIDF = (double*)&p[1];
    p->aFreq = &p->aIDF[nPhrase];
    rc = pApi->xRowCount(pFts, &nRow);
    if (rc == SQLITE_OK) rc = pApi->xColumnTotalSize(pFts, -1, &nToken);
    if (rc == SQLITE_OK) p->avgdl = (double)nToken / (double)nRow;
    /* the sizes in memory are this table's: the same rows and tokens */
    p->bSizes = s->loaded == 1 && s->nRow == nRow && s->nTotal == nToken;
    if (!p->bSizes) bCache = 0;
    for (i = 0; rc == SQLITE_OK && i < nPhrase; i++) {
      sqlite3_int64 nHit = 0;
      int nKey = 0;
      char *key = bCache ? phraseKey(pApi, pFts, i, &nKey) : 0;
      Entry *e = key ? lookup(s, key, nKey) : 0;
      if (e && e->key) {
        nHit = e->nHit;
        free(key);
      } else {
        rc = pApi->xQueryPhrase(pFts, i, (void*)&nHit, countCb);
        if (e && rc == SQLITE_OK) {
          if (s->nUsed >= CACHE_SLOTS / 2) { clearCache(s); e = lookup(s, key, nKey); }
          if (e) { e->key = key; e->nKey = nKey; e->nHit = nHit; s->nUsed++; key = 0; }
        }
        free(key);
      }
      if (rc == SQLITE_OK) {
        double idf = log( (nRow - nHit + 0.5) / (nHit + 0.5) );
        if (idf <= 0.0) idf = 1e-6;
        p->aIDF[i] = idf;
      }
    }
    if (rc != SQLITE_OK) sqlite3_free(p);
    else rc = pApi->xSetAuxdata(pFts, p, freeData);
    if (rc != SQLITE_OK) p = 0;
  }
  *ppData = p;
  return rc;
}

/* clause_bm25(clause_fts[, cacheable]): bm25(clause_fts) */
static void clauseBm25(const Fts5ExtensionApi *pApi, Fts5Context *pFts, sqlite3_context *pCtx, int nVal, sqlite3_value **apVal){
  const double k1 = 1.2;
  const double b = 0.75;
  State *s = (State*)pApi->xUserData(pFts);
  int rc, i, nInst = 0;
  double score = 0.0, D = 0.0, *aFreq = 0;
  Data *pData = 0;
  sqlite3_int64 iRowid = pApi->xRowid(pFts);
  if (s->loaded == 0) loadSizes(s);
  rc = getData(pApi, pFts, s, nVal > 0 && sqlite3_value_int(apVal[0]) == 1, &pData);
  if (rc == SQLITE_OK && nVal > 1 && pData->nLimit == 0) {
    int nLimit = sqlite3_value_int(apVal[1]);
    pData->nLimit = -1;
    if (nLimit > 0 && nLimit <= 1000000) {
      pData->aHeap = (double*)sqlite3_malloc64(sizeof(double) * (sqlite3_int64)nLimit);
      if (pData->aHeap) pData->nLimit = nLimit;
    }
  }
  /* the gate's second call for the same row (WHERE, then the result column): the same answer */
  if (rc == SQLITE_OK && pData->nLimit > 0 && pData->bLast && pData->iLastRowid == iRowid) {
    if (pData->bLastNull) sqlite3_result_null(pCtx);
    else sqlite3_result_double(pCtx, pData->lastScore);
    return;
  }
  if (rc == SQLITE_OK) {
    aFreq = pData->aFreq;
    memset(aFreq, 0, sizeof(double) * pData->nPhrase);
    rc = pApi->xInstCount(pFts, &nInst);
  }
  for (i = 0; rc == SQLITE_OK && i < nInst; i++) {
    int ip, ic, io;
    rc = pApi->xInst(pFts, i, &ip, &ic, &io);
    if (rc == SQLITE_OK) aFreq[ip] += 1.0;
  }
  if (rc == SQLITE_OK) {
    int nTok = 0;
    sqlite3_int64 id = iRowid;
    if (pData->bSizes && id >= 0 && id < s->nSize) nTok = s->size[id];
    else rc = pApi->xColumnSize(pFts, -1, &nTok);
    D = (double)nTok;
  }
  if (rc == SQLITE_OK) {
    for (i = 0; i < pData->nPhrase; i++) {
      score += pData->aIDF[i] * (
          ( aFreq[i] * (k1 + 1.0) ) /
          ( aFreq[i] + k1 * (1 - b + b * D / pData->avgdl) )
      );
    }
    double bm = -1.0 * score;
    if (pData->nLimit > 0) {
      /* NULL when the row cannot be among the nLimit best: nLimit earlier rows score better or
      ** equal, and ORDER BY keeps the earlier of equal rows (rows come in rowid order) */
      int keep = 1;
      if (pData->nHeap < pData->nLimit) {
        pData->aHeap[pData->nHeap] = bm;
        heapUp(pData->aHeap, pData->nHeap++);
      } else if (bm < pData->aHeap[0]) {
        pData->aHeap[0] = bm;
        heapDown(pData->aHeap, pData->nHeap, 0);
      } else keep = 0;
      pData->bLast = 1;
      pData->iLastRowid = iRowid;
      pData->bLastNull = !keep;
      pData->lastScore = bm;
      if (!keep) { sqlite3_result_null(pCtx); return; }
    }
    sqlite3_result_double(pCtx, bm);
  } else {
    sqlite3_result_error_code(pCtx, rc);
  }
}

/* clause_top(rowid, bm, limit): the aggregate of ORDER BY bm LIMIT limit over rows in their
** order, ties kept in that order; a blob of n doubles (the bm values, ascending) then n doubles
** (the rowids). NULL bm values (the gate's) are skipped. */
typedef struct TopItem { double bm; sqlite3_int64 seq; sqlite3_int64 rowid; } TopItem;
typedef struct Top { int nLimit; int n; sqlite3_int64 seq; TopItem *a; int bErr; } Top;

/* a is worse than b: a larger bm, or the same bm arriving later */
static int worse(const TopItem *a, const TopItem *b){ return a->bm > b->bm || (a->bm == b->bm && a->seq > b->seq); }
static void topDown(TopItem *h, int n, int i){
  for (;;) {
    int l = 2 * i + 1, r = l + 1, m = i;
    TopItem t;
    if (l < n && worse(&h[l], &h[m])) m = l;
    if (r < n && worse(&h[r], &h[m])) m = r;
    if (m == i) return;
    t = h[i]; h[i] = h[m]; h[m] = t;
    i = m;
  }
}
static void topUp(TopItem *h, int i){
  while (i > 0) {
    int p = (i - 1) / 2;
    TopItem t;
    if (!worse(&h[i], &h[p])) return;
    t = h[i]; h[i] = h[p]; h[p] = t;
    i = p;
  }
}
static void topStep(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  Top *t = (Top*)sqlite3_aggregate_context(ctx, sizeof(Top));
  TopItem it;
  (void)argc;
  if (!t || t->bErr) return;
  if (t->a == 0 && t->nLimit == 0) {
    int nLimit = sqlite3_value_int(argv[2]);
    if (nLimit <= 0 || nLimit > 1000000) { t->bErr = 1; return; }
    t->a = (TopItem*)sqlite3_malloc64(sizeof(TopItem) * (sqlite3_int64)nLimit);
    if (!t->a) { t->bErr = 1; return; }
    t->nLimit = nLimit;
  }
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
  it.bm = sqlite3_value_double(argv[1]);
  it.seq = t->seq++;
  it.rowid = sqlite3_value_int64(argv[0]);
  if (t->n < t->nLimit) { t->a[t->n] = it; topUp(t->a, t->n++); }
  else if (worse(&t->a[0], &it)) { t->a[0] = it; topDown(t->a, t->n, 0); }
}
static int cmpItem(const void *x, const void *y){
  const TopItem *a = (const TopItem*)x, *b = (const TopItem*)y;
  if (a->bm < b->bm) return -1;
  if (a->bm > b->bm) return 1;
  return a->seq < b->seq ? -1 : a->seq > b->seq ? 1 : 0;
}
static void topFinal(sqlite3_context *ctx){
  Top *t = (Top*)sqlite3_aggregate_context(ctx, 0);
  double *out;
  int i;
  if (t && t->bErr) { sqlite3_free(t->a); sqlite3_result_error(ctx, "clause_top: bad limit or out of memory", -1); return; }
  if (!t || t->n == 0) { if (t) sqlite3_free(t->a); sqlite3_result_zeroblob(ctx, 0); return; }
  qsort(t->a, (size_t)t->n, sizeof(TopItem), cmpItem);
  out = (double*)sqlite3_malloc64(sizeof(double) * 2 * (sqlite3_int64)t->n);
  if (!out) { sqlite3_free(t->a); sqlite3_result_error_nomem(ctx); return; }
  for (i = 0; i < t->n; i++) { out[i] = t->a[i].bm; out[t->n + i] = (double)t->a[i].rowid; }
  sqlite3_result_blob(ctx, out, (int)(sizeof(double) * 2 * t->n), sqlite3_free);
  sqlite3_free(t->a);
}

static void freeState(void *p){
  State *s = (State*)p;
  clearCache(s);
  free(s->cache);
  free(s->size);
  sqlite3_free(s);
}

int sqlite3_clausebm_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi){
  fts5_api *api = 0;
  sqlite3_stmt *st = 0;
  State *s;
  int rc;
  SQLITE_EXTENSION_INIT2(pApi);
  rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &st, 0);
  if (rc != SQLITE_OK) return rc;
  sqlite3_bind_pointer(st, 1, (void*)&api, "fts5_api_ptr", 0);
  sqlite3_step(st);
  rc = sqlite3_finalize(st);
  if (rc != SQLITE_OK || api == 0 || api->iVersion < 2) { *pzErrMsg = sqlite3_mprintf("no fts5_api"); return SQLITE_ERROR; }
  s = (State*)sqlite3_malloc(sizeof(State));
  if (!s) return SQLITE_NOMEM;
  memset(s, 0, sizeof(State));
  s->db = db;
  rc = api->xCreateFunction(api, "clause_bm25", (void*)s, clauseBm25, freeState);
  if (rc != SQLITE_OK) return rc;
  return sqlite3_create_function_v2(db, "clause_top", 3, SQLITE_UTF8, 0, 0, topStep, topFinal, 0);
}
`;
