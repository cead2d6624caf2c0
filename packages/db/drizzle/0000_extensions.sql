-- pg_trgm backs the node name search index (GIN, gin_trgm_ops).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
