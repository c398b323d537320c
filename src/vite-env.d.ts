/// <reference types="vite/client" />

/** True in the demo build and the dev server: the simulated installation (MSW) is bundled. */
declare const __DEMO__: boolean
