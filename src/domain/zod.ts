import { z } from 'zod'

// zod decides when a schema is built whether to compile its validator with `new Function`; the
// probe alone is reported as a violation under the strict Content-Security-Policy. Interpreted
// parsing is enough for us. Every module takes `z` from here (lint-enforced), so the setting is
// in place before any schema exists, whichever chunk the bundler puts it in.
z.config({ jitless: true })

export { z }
