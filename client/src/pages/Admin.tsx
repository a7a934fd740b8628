import { Shield } from "lucide-react";
import { PagePlaceholder } from "../components/common/PagePlaceholder";

export default function AdminPage() {
  return <PagePlaceholder title="Admin Settings" description="Users, storage and security settings." icon={Shield} />;
}
