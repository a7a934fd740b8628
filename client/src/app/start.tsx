// The app itself, loaded by the entry (main.tsx) once the first screen's requests are on their way.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { bootstrap } from "./bootstrap";
import { Providers } from "./Providers";

bootstrap();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
