import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../lib/utils";
import { Input } from "./input";

type SearchInputProps = Omit<ComponentProps<"input">, "value" | "onChange" | "size"> & {
  value: string;
  onValueChange: (value: string) => void;
  /** "sm" is the dense list-header size (channel list). */
  size?: "default" | "sm";
  /** Classes for the input itself; `className` styles the wrapper. */
  inputClassName?: string;
};

/** A search box with a magnifier icon; it needs an `aria-label`, since it has no visible label. */
export function SearchInput({
  value,
  onValueChange,
  size = "default",
  className,
  inputClassName,
  type = "search",
  ...props
}: SearchInputProps) {
  const small = size === "sm";
  return (
    <div className={cn("relative", className)}>
      <Search
        className={cn(
          "pointer-events-none absolute top-1/2 size-4 -translate-y-1/2 text-muted-foreground",
          small ? "left-2.5" : "left-3",
        )}
      />
      <Input
        type={type}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className={cn(small ? "h-8 pl-8 text-[13px]" : "pl-9", inputClassName)}
        {...props}
      />
    </div>
  );
}
