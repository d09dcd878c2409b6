-- expect: ^inbetween: escape%-require%-c%-module%.lua:2: module 'io' not found in the script's folder or the plugin folders %(%., [^)]*plugins%)$
require("io")
