from raguard.cli import main

raise SystemExit(main())
