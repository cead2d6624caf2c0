// The plan's per-line corrections live in packages/gpr (shared with the API's exports and reports).
export { applyLineCorrections, MATCH_ALONG_M } from '@gprhub/gpr';
