import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { rememberPath } from "../lib/tokenStorage";
import { FullPageSpinner } from "../ui/FullPageSpinner";

/** Anonymous on a protected page: remember where they wanted to go, then go to Login. */
export function RedirectToLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    rememberPath(location.pathname + location.search);
    navigate("/Login", { replace: true });
  }, [navigate, location.pathname, location.search]);
  return <FullPageSpinner />;
}
