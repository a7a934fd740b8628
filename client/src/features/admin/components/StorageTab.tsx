import { useEffect, useState } from "react";
import { PlugZap, Save } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import type { OrgStorageConfig } from "@shared/entities";
import { createEntity, updateEntity } from "../../../lib/entityApi";
import { adminKeys, testStorage, useStorageConfigs } from "../api";
import { Button } from "../../../ui/button";
import { FormField } from "../../../ui/FormField";
import { Input } from "../../../ui/input";
import { Textarea } from "../../../ui/textarea";
import { PageSpinner } from "../../../ui/PageSpinner";
import { Spinner } from "../../../ui/spinner";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select";
import { FIELDS, PROVIDERS, toStored, withDefaults, type ProviderValues } from "./storageFields";
import { Notice, type NoticeState } from "./Notice";

/** Call-recording storage: provider, its fields, Save and Test Connection (docs/operations.md, "Storage"). */
export function StorageTab() {
  const qc = useQueryClient();
  const { data: configs, isLoading } = useStorageConfigs();
  const current = configs?.[0];
  const [provider, setProvider] = useState<string>("none");
  const [values, setValues] = useState<ProviderValues>(withDefaults(undefined));
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [busy, setBusy] = useState<"save" | "test" | null>(null);

  useEffect(() => {
    setProvider(current?.storage_provider ?? "none");
    setValues(withDefaults(current?.storage_config));
  }, [current]);

  if (isLoading) return <PageSpinner />;
  const set = (key: string, v: string) => setValues((all) => ({ ...all, [provider]: { ...all[provider], [key]: v } }));

  const save = async () => {
    setBusy("save");
    const body = { storage_provider: provider === "none" ? null : provider, storage_config: toStored(values), is_active: provider !== "none" };
    try {
      // Saving updates the first stored config, or creates one.
      if (current) await updateEntity<OrgStorageConfig>("org_storage_config", current.id, body);
      else await createEntity<OrgStorageConfig>("org_storage_config", body);
      setNotice({ type: "success", text: "Storage configuration saved successfully!" });
      await qc.invalidateQueries({ queryKey: adminKeys.storage });
    } catch (err) {
      setNotice({ type: "error", text: `Failed to save configuration: ${err instanceof Error ? err.message : String(err)}` });
    } finally {
      setBusy(null);
    }
  };

  const test = async () => {
    setBusy("test");
    try {
      const res = await testStorage(provider, toStored(values)[provider] ?? {});
      setNotice(res.success ? { type: "success", text: res.message } : { type: "error", text: `Connection test failed: ${res.message}` });
    } catch (err) {
      setNotice({ type: "error", text: `Connection test failed: ${err instanceof Error ? err.message : String(err)}` });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="grid max-w-2xl gap-5 rounded-xl border bg-card p-5">
      <div>
        <h2 className="font-semibold">Call recording storage</h2>
        <p className="text-sm text-muted-foreground">Where call recordings are uploaded. Without a provider, recording is disabled.</p>
      </div>
      <FormField id="storage-provider" label="Storage provider">
        <Select value={provider} onValueChange={setProvider}>
          <SelectTrigger id="storage-provider" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PROVIDERS.map((p) => (
              <SelectItem key={p.value} value={p.value}>
                {p.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      {provider !== "none" && (
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS[provider]!.map((f) => (
            <FormField key={f.key} id={`storage-${f.key}`} label={f.label} hint={f.hint} className={f.multiline || f.hint ? "sm:col-span-2" : ""}>
              {f.multiline ? (
                <Textarea id={`storage-${f.key}`} rows={4} className="font-mono text-xs" value={values[provider]?.[f.key] ?? ""} onChange={(e) => set(f.key, e.target.value)} />
              ) : (
                <Input
                  id={`storage-${f.key}`}
                  type={f.secret ? "password" : "text"}
                  autoComplete="off"
                  placeholder={f.placeholder}
                  value={values[provider]?.[f.key] ?? ""}
                  onChange={(e) => set(f.key, e.target.value)}
                />
              )}
            </FormField>
          ))}
        </div>
      )}
      <Notice notice={notice} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void save()} disabled={busy !== null}>
          {busy === "save" ? <Spinner className="text-primary-foreground" /> : <Save />} Save
        </Button>
        <Button variant="outline" onClick={() => void test()} disabled={busy !== null || provider === "none"}>
          {busy === "test" ? <Spinner /> : <PlugZap />} Test Connection
        </Button>
      </div>
    </div>
  );
}
