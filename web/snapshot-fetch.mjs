// Fetches, inflates and checks the build's memory snapshot (web/snapshot.mjs's fetchSnapshot) in
// a module worker, and hands the 31.5 MB back without a copy. Off the page's main thread because
// DecompressionStream inflates there in tasks of up to ~1 s at ×4 CPU, while PyScript loads.
import {fetchSnapshot} from "./snapshot.mjs";

addEventListener("message", async (event) => {
  const env = {fetch: (...args) => fetch(...args), subtle: crypto.subtle, DecompressionStream};
  try {
    const bytes = await fetchSnapshot(env, event.data.url, event.data.expected);
    postMessage({bytes}, [bytes.buffer]);
  } catch (error) {
    postMessage({error: String(error)});
  }
});
