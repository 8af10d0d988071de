/**
 * SQLite schema of the rebuildable index (data/index.sqlite). Only lib/store and the
 * build steps it calls know these tables.
 *
 * Full-text search uses character bigrams (see lib/text/bigrams.ts) in contentless FTS5
 * tables: bigrams match any two-character legal term exactly (违约, 合同), unlike jieba
 * tokens or the trigram tokenizer; measured in ../shared/design/stack-notes.md.
 */
export const SCHEMA_VERSION = 2;

export const SCHEMA_SQL = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE regulations (
  rid INTEGER PRIMARY KEY,            -- rowid, also the rowid of reg_fts
  fgid TEXT NOT NULL UNIQUE,
  fgmc TEXT NOT NULL,
  fgmc_key TEXT NOT NULL,             -- lawNameKey(fgmc): no 中华人民共和国, no brackets, simplified
  fbbm TEXT NOT NULL, fwzh TEXT NOT NULL,
  xljb_1 TEXT NOT NULL, xljb_2 TEXT NOT NULL,
  sxx TEXT NOT NULL, dy TEXT NOT NULL, location TEXT NOT NULL,
  fbrq TEXT NOT NULL, ssrq TEXT NOT NULL, expiry TEXT NOT NULL,
  family TEXT NOT NULL,
  source TEXT NOT NULL, source_path TEXT NOT NULL,
  is_securities INTEGER NOT NULL, has_fulltext INTEGER NOT NULL,
  preamble TEXT NOT NULL,
  blocks TEXT NOT NULL,               -- JSON BodyBlock[]
  -- provenance (lib/corpus/dates.ts, validity.ts, as-of.ts): where each date and the validity came from
  fbrq_source TEXT NOT NULL DEFAULT '', ssrq_source TEXT NOT NULL DEFAULT '',
  sxx_source TEXT NOT NULL DEFAULT '', data_as_of TEXT NOT NULL DEFAULT ''
);
CREATE INDEX regulations_family ON regulations(family);
CREATE INDEX regulations_fgmc_key ON regulations(fgmc_key);
CREATE INDEX regulations_fbrq ON regulations(fbrq);

-- Alternative names that resolve to a family (short names, DB names, alias table).
CREATE TABLE reg_aliases (alias_key TEXT NOT NULL, family TEXT NOT NULL, PRIMARY KEY (alias_key, family));

CREATE TABLE clauses (
  cid INTEGER PRIMARY KEY,            -- rowid, also the rowid of clause_fts
  id TEXT NOT NULL UNIQUE,            -- {fgid}_{tid}
  fgid TEXT NOT NULL, rid INTEGER NOT NULL,
  tid TEXT NOT NULL, ord INTEGER NOT NULL,
  ft_num TEXT NOT NULL, content TEXT NOT NULL, chapter TEXT NOT NULL
);
CREATE INDEX clauses_rid ON clauses(rid, ord);
CREATE INDEX clauses_fgid ON clauses(fgid, ord);

CREATE TABLE cases (
  kid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  data TEXT NOT NULL                  -- JSON CaseRecord
);
-- normalised case number → case (a case may have several numbers)
CREATE TABLE case_numbers (norm TEXT NOT NULL, kid INTEGER NOT NULL, raw TEXT NOT NULL);
CREATE INDEX case_numbers_norm ON case_numbers(norm);

-- Bigram-token full text (lib/text/bigrams.ts), rowid = clauses.cid / regulations.rid.
CREATE VIRTUAL TABLE clause_fts USING fts5(tokens, content='', contentless_unindexed=1, tokenize='unicode61 remove_diacritics 0');
CREATE VIRTUAL TABLE reg_fts USING fts5(title, body, content='', contentless_unindexed=1, tokenize='unicode61 remove_diacritics 0');
`;

/** Written by the post-build step "keyword-authority" (lib/search/keyword/authority.ts): how often each article is cited. */
export const AUTHORITY_SCHEMA = `
CREATE TABLE IF NOT EXISTS keyword_authority (
  cid INTEGER PRIMARY KEY,       -- clauses.cid of the cited article (current version)
  by_texts INTEGER NOT NULL,     -- citing clauses of other legal texts in the index
  by_cases INTEGER NOT NULL      -- citing cases
);`;

/**
 * Written by the post-build step "keyword-anchors" (lib/search/keyword/anchors.ts): the words
 * legal writing uses when it cites an article (the citing sentence without the citation, party
 * names and citing formula), one row per citing sentence and cited article (current version);
 * anchor_fts indexes each row's text as character bigrams, as clause_fts does (rowid = aid).
 */
export const ANCHOR_SCHEMA = `
DROP TABLE IF EXISTS keyword_anchors;
DROP TABLE IF EXISTS anchor_fts;
CREATE TABLE keyword_anchors (
  aid INTEGER PRIMARY KEY,       -- rowid of anchor_fts
  cid INTEGER NOT NULL,          -- clauses.cid of the cited article (current version)
  source TEXT NOT NULL,          -- 'text' (another legal text's article) or 'case' (a judgment, guiding case or write-up)
  text TEXT NOT NULL             -- the citing sentence's own words
);
CREATE VIRTUAL TABLE anchor_fts USING fts5(tokens, content='', contentless_unindexed=1, tokenize='unicode61 remove_diacritics 0');`;

/**
 * Written by the post-build step "semantic-vectors" (lib/search/semantic/build-step.ts):
 *   sem_meta(key, value)            kind = lsa | provider, dims, model, options, built_ms, version
 *   sem_vocab(idx, term, idf)       LSA vocabulary (kind = lsa)
 *   sem_blob(name, data)            'projection': Float32 V × dims, row-major (kind = lsa)
 *   clause_vectors(cid, vec)        one unit vector per clause, Float32 little-endian
 */
export const SEMANTIC_SCHEMA = `
DROP TABLE IF EXISTS sem_meta; DROP TABLE IF EXISTS sem_vocab; DROP TABLE IF EXISTS sem_blob; DROP TABLE IF EXISTS clause_vectors;
CREATE TABLE sem_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sem_vocab (idx INTEGER PRIMARY KEY, term TEXT NOT NULL, idf REAL NOT NULL);
CREATE TABLE sem_blob (name TEXT PRIMARY KEY, data BLOB NOT NULL);
CREATE TABLE clause_vectors (cid INTEGER PRIMARY KEY, vec BLOB NOT NULL);
`;
