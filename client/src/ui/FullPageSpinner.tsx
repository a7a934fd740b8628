import { Spinner } from "./spinner";

export function FullPageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex h-svh w-full items-center justify-center bg-background">
      <Spinner className="size-6" label={label} />
    </div>
  );
}
