// This build's snapshot key and the snapshot the build made, which tools/build_site.py writes
// here: the page (web/prefetch.mjs) and the worker (web/interpreter.mjs) both need them.
// The version and a hash of what a snapshot holds.
export const BUILD = "{{snapshot.build}}";
// The build's own snapshot: {file, length, sha256} (of the uncompressed bytes), file gzip; or null.
export const BUILT = {{snapshot.file}};
// What a first visit downloads in the worker, for the loading screen's bar (web/download-progress.mjs):
// {path: [bytes, gzipped bytes]}.
export const DOWNLOADS = {{downloads}};
// The runtime files a first visit may download as .xz, and the cache they are kept in once
// decoded (web/runtime-files.mjs, web/sw.js): {cache, files: [path]}.
export const RUNTIME = {{runtime}};
