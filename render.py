"""The linviz command line: ``python render.py --help``."""

from linviz_cli import main

if __name__ == "__main__":
    main()
