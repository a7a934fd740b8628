import { ShieldAlert } from "lucide-react";
import { ApiError } from "../../lib/http";
import { PageLayout } from "../../ui/PageLayout";
import { PageSpinner } from "../../ui/PageSpinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/tabs";
import { useAdminAccess } from "./api";
import { UsersTab } from "./components/UsersTab";
import { StorageTab } from "./components/StorageTab";
import { SecurityTab } from "./components/SecurityTab";
import { DatabaseTab } from "./components/DatabaseTab";

export default function AdminPage() {
  const access = useAdminAccess();
  if (access.isLoading) return <PageSpinner />;
  if (access.error) {
    const forbidden = access.error instanceof ApiError && access.error.status === 403;
    return (
      <PageLayout title="Admin Settings">
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed py-16 text-center" role="alert">
          <ShieldAlert className="size-10 text-muted-foreground" />
          <p className="font-medium">{forbidden ? "Forbidden" : "Admin Settings could not be loaded"}</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            {forbidden ? "Only administrators can open Admin Settings." : access.error.message}
          </p>
        </div>
      </PageLayout>
    );
  }
  return (
    <PageLayout title="Admin Settings" description="Users, call-recording storage, sessions and the database." width="6xl">
      <Tabs defaultValue="users" className="grid gap-6">
        <TabsList className="w-full justify-start overflow-x-auto sm:w-fit">
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="storage">Storage</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="database">Database</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="storage">
          <StorageTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="database">
          <DatabaseTab />
        </TabsContent>
      </Tabs>
    </PageLayout>
  );
}
