import { Spinner } from "./spinner";

/** Fallback while a page's code chunk loads inside the shell. */
export function PageSpinner() {
  return (
    <div className="flex h-full min-h-48 w-full items-center justify-center">
      <Spinner className="size-5" />
    </div>
  );
}
