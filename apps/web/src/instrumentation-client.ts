import { z } from "zod";

// Runs before any page code in the browser. zod compiles fast parsers with `new Function` after
// probing whether eval is allowed; under the pages' Content-Security-Policy (no 'unsafe-eval')
// the probe is refused and reported as a violation. Interpreted parsing is all the forms need.
z.config({ jitless: true });
