import { BugIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { useErrorBoundaryGeneration } from '../errors/error-boundary';
import { useDocumentTitle } from '../lib/use-document-title';

const RENDER_ERROR_MESSAGE = 'Render error thrown on purpose by the error boundary check';

// Module scope, not component state: it must outlive the unmount the error causes, so Try Again
// throws again. It records the boundary generation it was armed in, so Reset Component recovers.
const armedIn = { generation: null as number | null };

function RenderErrorTrigger({ generation }: { generation: number }) {
  if (armedIn.generation === generation) throw new Error(RENDER_ERROR_MESSAGE);
  return null;
}

/** Development diagnostics at /dev/crash (the server does not serve /dev in production). */
export function CrashPage() {
  const generation = useErrorBoundaryGeneration();
  const [, setThrowRequested] = useState(false);
  useDocumentTitle('Error boundary check · Dukani');

  const throwRenderError = () => {
    armedIn.generation = generation;
    setThrowRequested(true);
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-10">
      <Card className="w-full max-w-lg">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <BugIcon aria-hidden className="size-5 text-muted-foreground" />
            Error boundary check
          </CardTitle>
          <CardDescription>
            Makes a component throw while rendering, to check the error page: its retry limits, reset and error
            history. Try Again throws again; Reset Component recovers.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-3">
          <Button variant="destructive" onClick={throwRenderError}>
            Throw a render error
          </Button>
          <Button variant="link" asChild>
            <Link to="/auth">Back to sign-in</Link>
          </Button>
        </CardContent>
      </Card>
      <RenderErrorTrigger generation={generation} />
    </main>
  );
}
