import { useEffect, useState } from "react";
import type { ApprovalRequest } from "@shared/entities";
import { APPROVAL_CATEGORIES, TIME_OFF } from "@shared/entities/approval_requests";
import { FormDialog } from "../../../ui/FormDialog";
import { FormField } from "../../../ui/FormField";
import { Input } from "../../../ui/input";
import { Textarea } from "../../../ui/textarea";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select";
import { useSaveApproval, type ApprovalInput } from "../api";

interface Props {
  open: boolean;
  /** The request to edit; null files a new one. */
  request: ApprovalRequest | null;
  onOpenChange: (open: boolean) => void;
}

const OTHER = "Other";
const MONEY = ["Budget", "Purchase"];
const known = (c: string) => (APPROVAL_CATEGORIES as readonly string[]).includes(c);

export function ApprovalFormDialog({ open, request, onOpenChange }: Props) {
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [category, setCategory] = useState<string>(TIME_OFF);
  const [custom, setCustom] = useState("");
  const [amount, setAmount] = useState("");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const save = useSaveApproval();

  useEffect(() => {
    if (!open) return;
    const c = request?.category ?? TIME_OFF;
    setTitle(request?.title ?? "");
    setDescription(request?.description ?? "");
    setCategory(known(c) ? c : OTHER);
    setCustom(known(c) ? "" : c);
    setAmount(request?.amount != null ? String(request.amount) : "");
    setStart(request?.start_date ?? "");
    setEnd(request?.end_date ?? "");
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, request?.id]);

  const money = MONEY.includes(category);
  const timeOff = category === TIME_OFF;
  // Title and description required; 'Other' needs a custom category, which replaces it.
  const invalid = !title.trim() || !description.trim() || (category === OTHER && !custom.trim());

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (invalid || save.isPending) return;
    // Empty amount and dates are left out of a new request; an edit clears them.
    const empty = request ? null : undefined;
    const input: ApprovalInput = {
      title: title.trim(),
      description: description.trim(),
      category: category === OTHER ? custom.trim() : category,
      amount: money && amount !== "" ? Number(amount) : (empty as null),
      start_date: timeOff && start ? start : (empty as null),
      end_date: timeOff && end ? end : (empty as null),
    };
    for (const k of Object.keys(input) as (keyof ApprovalInput)[]) if (input[k] === undefined) delete input[k];
    save.mutate({ id: request?.id, input }, { onSuccess: () => onOpenChange(false) });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={request ? "Edit Request" : "New Request"}
      description="A manager or admin will approve or reject it."
      formId="approval-form"
      onSubmit={submit}
      error={save.isError ? save.error.message : null}
      submitLabel={request ? "Save Changes" : "Submit Request"}
      submitDisabled={invalid || save.isPending}
      pending={save.isPending}
    >
      <FormField id="approval-title" label="Title">
        <Input id="approval-title" value={title} maxLength={500} onChange={(e) => setTitle(e.target.value)} autoFocus />
      </FormField>
      <FormField id="approval-description" label="Description">
        <Textarea id="approval-description" value={description} rows={4} maxLength={20_000} onChange={(e) => setDescription(e.target.value)} />
      </FormField>
      <FormField id="approval-category" label="Category">
        <Select value={category} onValueChange={setCategory}>
          <SelectTrigger id="approval-category" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {APPROVAL_CATEGORIES.map((c) => (
              <SelectItem key={c} value={c}>
                {c}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      {category === OTHER && (
        <FormField id="approval-custom" label="Custom Category">
          <Input id="approval-custom" value={custom} maxLength={100} onChange={(e) => setCustom(e.target.value)} placeholder="e.g. Training" />
        </FormField>
      )}
      {money && (
        <FormField id="approval-amount" label="Amount">
          <Input id="approval-amount" type="number" inputMode="decimal" step="0.01" min="0" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="0.00" />
        </FormField>
      )}
      {timeOff && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="approval-start" label="Start Date">
            <Input id="approval-start" type="date" value={start} onChange={(e) => setStart(e.target.value)} />
          </FormField>
          <FormField id="approval-end" label="End Date">
            <Input id="approval-end" type="date" value={end} min={start || undefined} onChange={(e) => setEnd(e.target.value)} />
          </FormField>
        </div>
      )}
    </FormDialog>
  );
}
