"""tablegames_widgets: the Jupyter layer of tablegames (ipycanvas and ipywidgets).

Boards draw engine states on a layered canvas; a shared controls bar steps through
a game; the viewer, the editor and the play controller work for every game whose
board supplies its drawing and its click-to-move mapping.
"""
